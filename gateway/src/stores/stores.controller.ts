import { Body, Controller, Delete, Get, Inject, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ExpensesPatterns,
  KnownStoreChangesInput,
  StoreMessages,
  type ExpenseStoreMatch,
  type KnownStoreListResponse,
  type KnownStoreResponse,
  type MessageContext,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { ResourceIdPipe } from '../common/resource-id.pipe.js';

const storeId = new ResourceIdPipe(StoreMessages.notFound);
const expenseId = new ResourceIdPipe('Expense not found.');

/**
 * Stores SnapTrack knows (docs/api.md): what the user's corrections taught about each store,
 * for Settings, and what the last reading of an expense took from one. Only the user's own.
 */
@ApiTags('stores')
@ApiBearerAuth()
@Controller()
export class StoresController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get('stores')
  list(@Ctx() ctx: MessageContext): Promise<KnownStoreListResponse> {
    return this.bus.send(ExpensesPatterns.storesList, {}, ctx);
  }

  /** What the next receipts of the store get; null forgets a field. */
  @Patch('stores/:id')
  update(
    @Param('id', storeId) id: string,
    @Body() body: KnownStoreChangesInput,
    @Ctx() ctx: MessageContext,
  ): Promise<KnownStoreResponse> {
    return this.bus.send(ExpensesPatterns.storeUpdate, { ...body, id }, ctx);
  }

  /** Forgets the store: its next receipts are read as if it had never been corrected. */
  @Delete('stores/:id')
  forget(@Param('id', storeId) id: string, @Ctx() ctx: MessageContext): Promise<SuccessResponse> {
    return this.bus.send(ExpensesPatterns.storeForget, { id }, ctx);
  }

  /** The known store the expense's last reading matched, what it filled in and suggests. */
  @Get('expenses/:id/store')
  expenseStore(
    @Param('id', expenseId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<ExpenseStoreMatch> {
    return this.bus.send(ExpensesPatterns.expenseStore, { id }, ctx);
  }
}
