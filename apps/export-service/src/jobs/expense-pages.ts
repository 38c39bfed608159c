import {
  ExpensesPatterns,
  type ExportCursor,
  type ExportExpense,
  type ExportFilters,
  type MessageContext,
} from '@snaptrack/contracts';
import type { BusClient } from '@snaptrack/nest-rmq';

/** Small pages: each receipt on them costs an image read, and the progress moves steadily. */
export const PDF_PAGE_SIZE = 50;

/** The job's expenses with what a receipt page shows, a keyset page at a time. */
export async function* receiptPages(
  bus: BusClient,
  ctx: MessageContext,
  filters: ExportFilters,
): AsyncGenerator<ExportExpense[]> {
  let after: ExportCursor | undefined;
  for (;;) {
    const page = await bus.send(
      ExpensesPatterns.exportPage,
      { filters, after, limit: PDF_PAGE_SIZE, with_source: true },
      ctx,
    );
    yield page.expenses;
    if (!page.next) return;
    after = page.next;
  }
}
