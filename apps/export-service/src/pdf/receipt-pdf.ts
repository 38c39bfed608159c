import PDFDocument from 'pdfkit';
import {
  DATE_NOT_READ,
  UNASSIGNED_ENTITY,
  type CurrencyTotal,
  type EntityTotal,
  type ExportExpense,
  type ExportFilters,
} from '@snaptrack/contracts';
import { PdfFonts } from './pdf-fonts.js';
import { formatMoney } from './money.js';

const MARGIN = 50;
/** Cover rows beyond this are summed into one line, so the cover stays one page. */
const COVER_ENTITY_ROWS = 20;

export interface CoverFacts {
  filters: ExportFilters;
  count: number;
  /** One per currency: amounts of two currencies are never added up. */
  totals: CurrencyTotal[];
  /** One per entity and currency. */
  byEntity: EntityTotal[];
  generatedAt: Date;
}

/** What a receipt page shows besides the expense: its image, or the email it came in. */
export type ReceiptSource =
  | { kind: 'image'; jpeg: Buffer }
  | { kind: 'email'; subject: string | null; text: string }
  | { kind: 'none'; note: string };

export function periodText(filters: ExportFilters): string {
  const { start_date: start, end_date: end } = filters;
  if (start && end) return `${start} to ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'All time';
}

/**
 * The receipt PDF: a cover page, then exactly one page per receipt. Every text box has a
 * height and an ellipsis, so nothing can spill onto an extra page (pdfkit would add one).
 */
export class ReceiptPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly width: number;
  private readonly bottom: number;

  constructor(title: string) {
    this.doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      autoFirstPage: false,
      info: { Title: title, Creator: 'SnapTrack', Producer: 'SnapTrack' },
    });
    this.doc.registerFont('body', PdfFonts.regular);
    this.doc.registerFont('bold', PdfFonts.bold);
    this.width = 612 - 2 * MARGIN;
    this.bottom = 792 - MARGIN;
  }

  private box(text: string, font: 'body' | 'bold', size: number, height: number): void {
    this.doc.font(font).fontSize(size);
    const y = this.doc.y;
    this.doc.text(text, MARGIN, y, { width: this.width, height, ellipsis: true });
    this.doc.y = Math.max(this.doc.y, y) + 4;
  }

  cover(facts: CoverFacts): void {
    this.doc.addPage();
    this.box('SnapTrack receipts', 'bold', 24, 34);
    this.doc.moveDown(0.5);
    const entities = facts.filters.entities?.length ? facts.filters.entities.join(', ') : 'All';
    const tags = facts.filters.tags?.length ? facts.filters.tags.join(', ') : 'All';
    for (const [label, value] of [
      ['Period', periodText(facts.filters)],
      ['Entities', entities],
      ['Tags', tags],
      ['Receipts', String(facts.count)],
      ...facts.totals.map(
        (total) => [`Total (${total.currency})`, formatMoney(total.total)] as const,
      ),
      ['Generated', `${facts.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    ] as const) {
      this.box(`${label}: ${value}`, 'body', 12, 32);
    }
    this.doc.moveDown(1);
    this.box('Totals by entity', 'bold', 14, 20);
    const rows = facts.byEntity.slice(0, COVER_ENTITY_ROWS);
    const rest = facts.byEntity.slice(COVER_ENTITY_ROWS);
    // The rows beyond the cover's room, one line per currency.
    const more = new Map<string, EntityTotal>();
    for (const row of rest) {
      const line = more.get(row.currency) ?? {
        entity: '',
        currency: row.currency,
        count: 0,
        total: 0,
      };
      more.set(row.currency, {
        ...line,
        count: line.count + row.count,
        total: Math.round((line.total + row.total) * 100) / 100,
      });
    }
    for (const line of more.values()) {
      const entities = rest.filter((row) => row.currency === line.currency).length;
      rows.push({ ...line, entity: `${entities} more` });
    }
    for (const row of rows) {
      const y = this.doc.y;
      this.doc.font('body').fontSize(11);
      this.doc.text(row.entity, MARGIN, y, { width: 280, height: 14, ellipsis: true });
      this.doc.text(`${row.count}`, MARGIN + 290, y, { width: 60, height: 14, align: 'right' });
      this.doc.text(formatMoney(row.total, row.currency), MARGIN + 360, y, {
        width: this.width - 360,
        height: 14,
        align: 'right',
      });
      this.doc.y = y + 18;
    }
  }

  receipt(expense: ExportExpense, source: ReceiptSource, position: string): void {
    this.doc.addPage();
    this.box(expense.vendor || 'Unknown vendor', 'bold', 18, 46);
    this.box(
      `${expense.expense_date ?? DATE_NOT_READ}   ${formatMoney(expense.amount, expense.currency)}   ${expense.entity ?? UNASSIGNED_ENTITY}`,
      'body',
      12,
      32,
    );
    if (expense.currency_assumed) {
      this.box(`Currency assumed: ${expense.currency}, not shown on the receipt`, 'body', 10, 28);
    }
    if (expense.tags.length) this.box(`Tags: ${expense.tags.join(', ')}`, 'body', 10, 28);
    if (expense.notes) this.box(`Description: ${expense.notes}`, 'body', 10, 56);
    this.doc.moveDown(0.5);
    const top = this.doc.y;
    const height = this.bottom - 20 - top;
    if (source.kind === 'image') {
      this.doc.image(source.jpeg, MARGIN, top, {
        fit: [this.width, height],
        align: 'center',
      });
    } else if (source.kind === 'email') {
      const heading = source.subject ? `Email: ${source.subject}` : 'Email receipt';
      this.box(heading, 'bold', 11, 30);
      this.doc.font('body').fontSize(9);
      const textTop = this.doc.y;
      this.doc.text(source.text, MARGIN, textTop, {
        width: this.width,
        height: this.bottom - 20 - textTop,
        ellipsis: true,
      });
    } else {
      this.box(source.note, 'body', 10, 28);
    }
    this.doc.font('body').fontSize(8);
    this.doc.text(position, MARGIN, this.bottom - 10, {
      width: this.width,
      height: 10,
      align: 'right',
      lineBreak: false,
    });
  }

  end(): void {
    this.doc.end();
  }
}
