import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ExpenseChangesInput,
  ExpensesPatterns,
  SplitExpenseInput,
  SummaryRequest,
  type ExpenseListResponse,
  type ExpenseResponse,
  type MessageContext,
  type SuccessResponse,
  type SummaryResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { ResourceIdPipe } from '../common/resource-id.pipe.js';
import { ListExpensesQuery } from './dto/list-expenses.query.js';

const expenseId = new ResourceIdPipe('Expense not found.');

@ApiTags('expenses')
@ApiBearerAuth()
@Controller('expenses')
export class ExpensesController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /** One page of the user's expenses; array filters repeat (`?tags=a&tags=b`). */
  @Get()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 25' })
  @ApiQuery({ name: 'per_page', required: false, type: Number, description: 'same as limit' })
  @ApiQuery({ name: 'start_date', required: false, description: 'YYYY-MM-DD, inclusive' })
  @ApiQuery({ name: 'end_date', required: false, description: 'YYYY-MM-DD, inclusive' })
  @ApiQuery({ name: 'entities', required: false, type: [String], description: "or 'Unassigned'" })
  @ApiQuery({ name: 'tags', required: false, type: [String] })
  @ApiQuery({ name: 'vendor', required: false, description: 'part of the vendor name' })
  @ApiQuery({ name: 'status', required: false, enum: ['processing', 'ready', 'failed'] })
  @ApiQuery({
    name: 'q',
    required: false,
    description:
      'words across vendor, description, tags, entity and receipt text; amounts as 42.50, >100, <20',
  })
  @ApiQuery({ name: 'min_amount', required: false, type: Number, description: 'inclusive' })
  @ApiQuery({ name: 'max_amount', required: false, type: Number, description: 'inclusive' })
  @ApiQuery({ name: 'currency', required: false, description: 'ISO 4217, e.g. EUR' })
  @ApiQuery({
    name: 'review',
    required: false,
    enum: ['needed'],
    description: 'only the review queue (failed, processing, duplicates, unsure fields)',
  })
  list(
    @Query() query: ListExpensesQuery,
    @Ctx() ctx: MessageContext,
  ): Promise<ExpenseListResponse> {
    const { per_page: perPage, ...request } = query;
    return this.bus.send(
      ExpensesPatterns.list,
      { ...request, limit: request.limit ?? perPage },
      ctx,
    );
  }

  /** Total, count and average for Today, This Week (from Sunday), This Month or All Time. */
  @Get('summary')
  @ApiQuery({ name: 'period', required: false, enum: ['today', 'week', 'month', 'all'] })
  @ApiQuery({ name: 'tz', required: false, description: 'IANA time zone, e.g. America/Chicago' })
  summary(@Query() query: SummaryRequest, @Ctx() ctx: MessageContext): Promise<SummaryResponse> {
    return this.bus.send(ExpensesPatterns.summary, { period: query.period, tz: query.tz }, ctx);
  }

  /** One expense: the upload card follows a new receipt until it is read (or failed). */
  @Get(':id')
  get(@Param('id', expenseId) id: string, @Ctx() ctx: MessageContext): Promise<ExpenseResponse> {
    return this.bus.send(ExpensesPatterns.get, { id }, ctx);
  }

  @Patch(':id')
  update(
    @Param('id', expenseId) id: string,
    @Body() body: ExpenseChangesInput,
    @Ctx() ctx: MessageContext,
  ): Promise<ExpenseResponse> {
    return this.bus.send(ExpensesPatterns.update, { ...body, id }, ctx);
  }

  /** Confirms the expense in the review queue (it leaves the queue). */
  @Post(':id/review')
  @HttpCode(200)
  review(@Param('id', expenseId) id: string, @Ctx() ctx: MessageContext): Promise<ExpenseResponse> {
    return this.bus.send(ExpensesPatterns.review, { id }, ctx);
  }

  /** Keep both: clears the possible-duplicate flag for good (docs/api.md, Duplicates). */
  @Post(':id/keep-both')
  @HttpCode(200)
  keepBoth(
    @Param('id', expenseId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<ExpenseResponse> {
    return this.bus.send(ExpensesPatterns.keepBoth, { id }, ctx);
  }

  /**
   * Splits the receipt into parts by amount or percentage, each with its entity, tags and
   * description, replacing any split it had (docs/api.md, Splits).
   */
  @Put(':id/split')
  split(
    @Param('id', expenseId) id: string,
    @Body() body: SplitExpenseInput,
    @Ctx() ctx: MessageContext,
  ): Promise<ExpenseResponse> {
    return this.bus.send(ExpensesPatterns.split, { mode: body.mode, parts: body.parts, id }, ctx);
  }

  /** Removes the split: the expense counts whole under its own entity again. */
  @Delete(':id/split')
  unsplit(
    @Param('id', expenseId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<ExpenseResponse> {
    return this.bus.send(ExpensesPatterns.unsplit, { id }, ctx);
  }

  @Delete(':id')
  remove(@Param('id', expenseId) id: string, @Ctx() ctx: MessageContext): Promise<SuccessResponse> {
    return this.bus.send(ExpensesPatterns.remove, { id }, ctx);
  }
}
