import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpenseIdRequest,
  ExpensesPatterns,
  StoreIdRequest,
  UpdateStoreRequest,
  type ExpenseStoreMatch,
  type KnownStoreListResponse,
  type KnownStoreResponse,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { StoresService } from './stores.service.js';

@Controller()
export class StoresController {
  constructor(@Inject(StoresService) private readonly stores: StoresService) {}

  @MessagePattern(ExpensesPatterns.storesList)
  async list(@UserId() userId: string): Promise<KnownStoreListResponse> {
    return { success: true, stores: await this.stores.list(userId) };
  }

  @MessagePattern(ExpensesPatterns.storeUpdate)
  async update(
    @UserId() userId: string,
    @Payload('data') body: UpdateStoreRequest,
  ): Promise<KnownStoreResponse> {
    const { id, ...changes } = body;
    return { success: true, store: await this.stores.update(userId, id, changes) };
  }

  @MessagePattern(ExpensesPatterns.storeForget)
  async forget(
    @UserId() userId: string,
    @Payload('data') body: StoreIdRequest,
  ): Promise<SuccessResponse> {
    await this.stores.forget(userId, body.id);
    return { success: true };
  }

  @MessagePattern(ExpensesPatterns.expenseStore)
  expenseStore(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
  ): Promise<ExpenseStoreMatch> {
    return this.stores.expenseMatch(userId, body.id);
  }
}
