import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ExpenseLimits, ListExpensesRequest, toNumber } from '@snaptrack/contracts';

const pageSizeMessage = `per_page must be a whole number from 1 to ${ExpenseLimits.maxPageSize}.`;

/** GET /api/expenses: the bus request plus `per_page`, another name for `limit` (docs/api.md). */
export class ListExpensesQuery extends ListExpensesRequest {
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: pageSizeMessage })
  @Min(1, { message: pageSizeMessage })
  @Max(ExpenseLimits.maxPageSize, { message: pageSizeMessage })
  per_page?: number;
}
