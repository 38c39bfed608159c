import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  UNASSIGNED_ENTITY,
  type ExportExpense,
  type ExportPageRequest,
  type ExportPageResponse,
  type ExportPreviewResponse,
  type ExportFilters,
} from '@snaptrack/contracts';
import { exportPageSql, exportTotalsSql } from './export.sql.js';

type PageRow = Omit<ExportExpense, 'ocr_confidence'> & {
  ocr_confidence: string | number | null;
  cursor_created_at: string;
};

/** What exports read of the expenses: keyset pages and totals, both in SQL. */
@Injectable()
export class ExportService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async page(userId: string, request: ExportPageRequest): Promise<ExportPageResponse> {
    const built = exportPageSql(
      userId,
      request.filters ?? {},
      request.after,
      request.limit,
      request.with_source === true,
    );
    const rows: PageRow[] = await this.dataSource.query(built.sql, built.params);
    const last = rows.at(-1);
    return {
      success: true,
      expenses: rows.map(({ cursor_created_at: _cursor, ocr_confidence, ...row }) => ({
        ...row,
        ocr_confidence: ocr_confidence === null ? null : Number(ocr_confidence),
      })),
      next:
        last && rows.length === request.limit
          ? { expense_date: last.expense_date, created_at: last.cursor_created_at, id: last.id }
          : null,
    };
  }

  async preview(userId: string, filters: ExportFilters = {}): Promise<ExportPreviewResponse> {
    const built = exportTotalsSql(userId, filters);
    const rows: { entity: string | null; count: number; total: string }[] =
      await this.dataSource.query(built.sql, built.params);
    // Summed in cents so that the grand total is exact whatever the number of entities.
    const cents = rows.reduce((sum, row) => sum + Math.round(Number(row.total) * 100), 0);
    return {
      success: true,
      count: rows.reduce((sum, row) => sum + row.count, 0),
      total: cents / 100,
      by_entity: rows.map((row) => ({
        entity: row.entity ?? UNASSIGNED_ENTITY,
        count: row.count,
        total: Number(row.total),
      })),
    };
  }
}
