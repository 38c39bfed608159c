import {
  ExpensesPatterns,
  type ExportExpense,
  type ExportFilters,
  type ExportPageResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import type { BusClient } from '@snaptrack/nest-rmq';

/** Rows per bus message: big enough to amortise the round trip, small enough to stay cheap. */
export const CSV_PAGE_SIZE = 1000;

/**
 * The user's expenses for an export, page by page from expenses-service (keyset pages, oldest
 * first). The next page is asked for while the caller writes the current one; at most two pages
 * are held at a time, whatever the total.
 */
export async function* expensePages(
  bus: BusClient,
  ctx: MessageContext,
  filters: ExportFilters | undefined,
  pageSize = CSV_PAGE_SIZE,
): AsyncGenerator<ExportExpense[]> {
  const ask = (after: ExportPageResponse['next']) =>
    bus.send(
      ExpensesPatterns.exportPage,
      { filters, limit: pageSize, after: after ?? undefined },
      ctx,
    );
  let pending = ask(null);
  for (;;) {
    const page = await pending;
    if (page.next) {
      pending = ask(page.next);
      // If the caller stops early, nobody awaits the prefetched page: keep its failure quiet.
      pending.catch(() => undefined);
    }
    yield page.expenses;
    if (!page.next) return;
  }
}
