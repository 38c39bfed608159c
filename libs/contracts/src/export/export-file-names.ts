/**
 * File names with the brand `snaptrack` (docs/architecture.md, Decisions); `date` is YYYY-MM-DD.
 */
export const ExportFileNames = {
  csv: (date: string) => `snaptrack_expenses_${date}.csv`,
  quickbooks: (date: string) => `quickbooks_invoice_${date}.csv`,
  pdf: (date: string) => `snaptrack_receipts_${date}.pdf`,
  xero: (date: string) => `xero_bills_${date}.csv`,
  pack: (date: string) => `snaptrack_pack_${date}.zip`,
};

/** Today's date (UTC) for a file name. */
export function exportDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
