import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateEntityRequest,
  ExpensesPatterns,
  RemoveEntityRequest,
  type EntityListResponse,
  type EntityResponse,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { EntitiesService } from './entities.service.js';

@Controller()
export class EntitiesController {
  constructor(@Inject(EntitiesService) private readonly entities: EntitiesService) {}

  @MessagePattern(ExpensesPatterns.entitiesList)
  async list(@UserId() userId: string): Promise<EntityListResponse> {
    return { success: true, entities: await this.entities.listWithCounts(userId) };
  }

  @MessagePattern(ExpensesPatterns.entityCreate)
  async create(
    @UserId() userId: string,
    @Payload('data') body: CreateEntityRequest,
  ): Promise<EntityResponse> {
    return {
      success: true,
      entity: await this.entities.create(userId, body.name, body.description ?? null),
    };
  }

  @MessagePattern(ExpensesPatterns.entityRemove)
  async remove(
    @UserId() userId: string,
    @Payload('data') body: RemoveEntityRequest,
  ): Promise<SuccessResponse> {
    await this.entities.remove(userId, body.id, body.moveTo);
    return { success: true };
  }
}
