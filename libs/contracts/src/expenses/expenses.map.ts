import type { EmptyRequest } from '../auth/auth.messages.js';
import type {
  ExpenseIdRequest,
  ListExpensesRequest,
  UpdateExpenseRequest,
} from './expenses.messages.js';
import type {
  CatalogResponse,
  CreateEntityRequest,
  RemoveEntityRequest,
  SearchTagsRequest,
  UpdateCatalogRequest,
} from './catalog.messages.js';
import type { SplitExpenseRequest } from './split.messages.js';
import type { ExportPageRequest, ExportPageResponse } from './export-page.messages.js';
import type { ExportRowsRequest, ExportRowsResponse } from './export-rows.messages.js';
import type { ExportRequest } from '../export/export-filters.js';
import type { StatisticsRequest, SummaryRequest } from './statistics.messages.js';
import type { HomeCurrencyInput } from './currency.messages.js';
import type { HomeCurrencyResponse } from '../core/expenses/currency.js';
import type {
  CreateReceiptExpenseRequest,
  ReceiptAllowance,
  ReceiptImageResponse,
  ReprocessReceiptRequest,
} from './receipt.messages.js';
import type { SuccessResponse } from '../core/auth/auth.types.js';
import type { StoreIdRequest, UpdateStoreRequest } from './stores.messages.js';
import type {
  ExpenseStoreMatch,
  KnownStoreListResponse,
  KnownStoreResponse,
} from '../core/expenses/stores.js';
import type {
  EntityListResponse,
  EntityResponse,
  ExpenseListResponse,
  ExpenseResponse,
  ExportPreviewResponse,
  StatisticsResponse,
  SummaryResponse,
  TagCatalogResponse,
  TagListResponse,
} from '../core/expenses/expenses.types.js';

/** Requests expenses-service answers. Every one is scoped to the user of the context. */
export interface ExpensesMessages {
  'expenses.expense.list.v1': { request: ListExpensesRequest; response: ExpenseListResponse };
  'expenses.expense.get.v1': { request: ExpenseIdRequest; response: ExpenseResponse };
  'expenses.expense.update.v1': { request: UpdateExpenseRequest; response: ExpenseResponse };
  'expenses.expense.delete.v1': { request: ExpenseIdRequest; response: SuccessResponse };
  'expenses.expense.review.v1': { request: ExpenseIdRequest; response: ExpenseResponse };
  'expenses.expense.keep-both.v1': { request: ExpenseIdRequest; response: ExpenseResponse };
  'expenses.expense.split.v1': { request: SplitExpenseRequest; response: ExpenseResponse };
  'expenses.expense.unsplit.v1': { request: ExpenseIdRequest; response: ExpenseResponse };
  'expenses.summary.get.v1': { request: SummaryRequest; response: SummaryResponse };
  'expenses.statistics.get.v1': { request: StatisticsRequest; response: StatisticsResponse };
  'expenses.entity.list.v1': { request: EmptyRequest; response: EntityListResponse };
  'expenses.entity.create.v1': { request: CreateEntityRequest; response: EntityResponse };
  'expenses.entity.delete.v1': { request: RemoveEntityRequest; response: SuccessResponse };
  'expenses.tag.list.v1': { request: EmptyRequest; response: TagCatalogResponse };
  'expenses.tag.search.v1': { request: SearchTagsRequest; response: TagListResponse };
  'expenses.settings.get.v1': { request: EmptyRequest; response: CatalogResponse };
  'expenses.settings.update.v1': { request: UpdateCatalogRequest; response: CatalogResponse };
  'expenses.currency.get.v1': { request: EmptyRequest; response: HomeCurrencyResponse };
  'expenses.currency.set.v1': { request: HomeCurrencyInput; response: HomeCurrencyResponse };
  'expenses.receipt.create.v1': {
    request: CreateReceiptExpenseRequest;
    response: ExpenseResponse & { replayed: boolean };
  };
  'expenses.receipt.reprocess.v1': { request: ReprocessReceiptRequest; response: ExpenseResponse };
  'expenses.receipt.image.v1': { request: ExpenseIdRequest; response: ReceiptImageResponse };
  'expenses.receipt.allowance.v1': { request: EmptyRequest; response: ReceiptAllowance };
  'expenses.expense.export-page.v1': { request: ExportPageRequest; response: ExportPageResponse };
  'expenses.expense.export-rows.v1': { request: ExportRowsRequest; response: ExportRowsResponse };
  'expenses.export.preview.v1': { request: ExportRequest; response: ExportPreviewResponse };
  'expenses.store.list.v1': { request: EmptyRequest; response: KnownStoreListResponse };
  'expenses.store.update.v1': { request: UpdateStoreRequest; response: KnownStoreResponse };
  'expenses.store.delete.v1': { request: StoreIdRequest; response: SuccessResponse };
  'expenses.expense.store.v1': { request: ExpenseIdRequest; response: ExpenseStoreMatch };
}
