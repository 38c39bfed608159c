import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpenseIdRequest,
  ExpensesPatterns,
  ListExpensesRequest,
  SplitExpenseRequest,
  UpdateExpenseRequest,
  type ExpenseListResponse,
  type ExpenseResponse,
  type MessageContext,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { ExpensesService } from './expenses.service.js';
import { ExpenseRemovalService } from './expense-removal.service.js';
import { ExpenseSplitService } from './expense-split.service.js';

@Controller()
export class ExpensesController {
  constructor(
    @Inject(ExpensesService) private readonly expenses: ExpensesService,
    @Inject(ExpenseRemovalService) private readonly removal: ExpenseRemovalService,
    @Inject(ExpenseSplitService) private readonly splits: ExpenseSplitService,
  ) {}

  @MessagePattern(ExpensesPatterns.split)
  async split(
    @UserId() userId: string,
    @Payload('data') body: SplitExpenseRequest,
  ): Promise<ExpenseResponse> {
    const { id, mode, parts } = body;
    return { success: true, expense: await this.splits.split(userId, id, { mode, parts }) };
  }

  @MessagePattern(ExpensesPatterns.unsplit)
  async unsplit(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
  ): Promise<ExpenseResponse> {
    return { success: true, expense: await this.splits.unsplit(userId, body.id) };
  }

  @MessagePattern(ExpensesPatterns.list)
  list(
    @UserId() userId: string,
    @Payload('data') body: ListExpensesRequest,
  ): Promise<ExpenseListResponse> {
    return this.expenses.list(userId, body);
  }

  @MessagePattern(ExpensesPatterns.update)
  async update(
    @UserId() userId: string,
    @Payload('data') body: UpdateExpenseRequest,
  ): Promise<ExpenseResponse> {
    const { id, ...changes } = body;
    return { success: true, expense: await this.expenses.update(userId, id, changes) };
  }

  @MessagePattern(ExpensesPatterns.get)
  async get(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
  ): Promise<ExpenseResponse> {
    return { success: true, expense: await this.expenses.get(userId, body.id) };
  }

  @MessagePattern(ExpensesPatterns.review)
  async review(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
  ): Promise<ExpenseResponse> {
    return { success: true, expense: await this.expenses.review(userId, body.id) };
  }

  @MessagePattern(ExpensesPatterns.keepBoth)
  async keepBoth(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
  ): Promise<ExpenseResponse> {
    return { success: true, expense: await this.expenses.keepBoth(userId, body.id) };
  }

  @MessagePattern(ExpensesPatterns.remove)
  async remove(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<SuccessResponse> {
    await this.removal.remove(userId, body.id, ctx.requestId);
    return { success: true };
  }
}
