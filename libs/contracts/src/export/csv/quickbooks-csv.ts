import { randomBytes } from 'node:crypto';
import {
  QuickBooksDefaults,
  type QuickBooksSettings,
  type QuickBooksTerm,
} from '../../core/export/export.types.js';
import type { ExportRow } from '../../expenses/export-rows.messages.js';
import { lineDescription, textCell } from './csv-cells.js';

/**
 * The columns of QuickBooks Online's invoice import (its sample file, Settings → Import data →
 * Invoices). Rows with the same InvoiceNo become the lines of one invoice: one line an expense.
 */
export const QUICKBOOKS_CSV_HEADER = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ServiceDate',
  // Appended after the sample file's columns: the tax included in ItemAmount, empty when unknown.
  'ItemTaxAmount',
];

const TERM_DAYS: Record<QuickBooksTerm, number> = {
  'Due upon receipt': 0,
  'Net 30': 30,
  'Net 60': 60,
};

/** QuickBooks Online (US) reads dates as MM/DD/YYYY. */
export function quickBooksDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The invoice-level cells, the same on every line of the invoice. */
export interface QuickBooksInvoice {
  invoiceNo: string;
  /** The account's home currency: its lines make the invoice `invoiceNo`. */
  homeCurrency: string;
  customer: string;
  invoiceDate: string;
  dueDate: string;
  terms: QuickBooksTerm;
  memo: string;
  item: string;
}

/** The invoice dated `today` (YYYY-MM-DD), due by its terms. */
export function quickBooksInvoice(
  settings: QuickBooksSettings,
  today: string,
  homeCurrency: string,
): QuickBooksInvoice {
  const terms = settings.terms ?? QuickBooksDefaults.terms;
  return {
    invoiceNo: `ST-${today.replaceAll('-', '')}-${randomBytes(2).toString('hex').toUpperCase()}`,
    homeCurrency,
    customer: settings.customer,
    invoiceDate: quickBooksDate(today),
    dueDate: quickBooksDate(addDays(today, TERM_DAYS[terms])),
    terms,
    memo: settings.memo ?? '',
    item: settings.serviceName || QuickBooksDefaults.serviceName,
  };
}

/**
 * An invoice has one currency, and QuickBooks sums the lines of an InvoiceNo: an expense in
 * another currency than the home currency goes on an invoice of its own currency, numbered
 * `<invoiceNo>-<code>` (at most 21 characters, QuickBooks' limit).
 */
export function quickBooksCsvRow(invoice: QuickBooksInvoice, row: ExportRow): string[] {
  const [date, vendor, amount, currency, , , notes] = row;
  const taxAmount = row[14];
  const description = lineDescription(vendor, notes, row[16]);
  return [
    currency === invoice.homeCurrency ? invoice.invoiceNo : `${invoice.invoiceNo}-${currency}`,
    textCell(invoice.customer),
    invoice.invoiceDate,
    invoice.dueDate,
    invoice.terms,
    textCell(invoice.memo),
    textCell(invoice.item),
    textCell(description),
    '1',
    amount,
    amount,
    // ServiceDate is optional in QuickBooks' import: an expense without a date leaves it empty.
    date === null ? '' : quickBooksDate(date),
    taxAmount ?? '',
  ];
}
