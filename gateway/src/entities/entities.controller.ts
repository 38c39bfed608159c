import { Body, Controller, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateEntityRequest,
  ExpensesPatterns,
  RemoveEntityQuery,
  type EntityListResponse,
  type EntityResponse,
  type MessageContext,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { ResourceIdPipe } from '../common/resource-id.pipe.js';

@ApiTags('entities')
@ApiBearerAuth()
@Controller('entities')
export class EntitiesController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get()
  list(@Ctx() ctx: MessageContext): Promise<EntityListResponse> {
    return this.bus.send(ExpensesPatterns.entitiesList, {}, ctx);
  }

  @Post()
  create(@Body() body: CreateEntityRequest, @Ctx() ctx: MessageContext): Promise<EntityResponse> {
    return this.bus.send(
      ExpensesPatterns.entityCreate,
      { name: body.name, description: body.description },
      ctx,
    );
  }

  /**
   * 'Personal' cannot be removed; the entity's expenses move to `move_to` (another of the
   * user's entities) or become Unassigned.
   */
  @Delete(':id')
  remove(
    @Param('id', new ResourceIdPipe('Entity not found.')) id: string,
    @Query() query: RemoveEntityQuery,
    @Ctx() ctx: MessageContext,
  ): Promise<SuccessResponse> {
    return this.bus.send(ExpensesPatterns.entityRemove, { id, moveTo: query.move_to }, ctx);
  }
}
