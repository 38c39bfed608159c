import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import {
  UNASSIGNED_ENTITY,
  type CurrencyTotal,
  type ExportCursor,
  type ExportExpense,
  type ExportPageRequest,
  type ExportPageResponse,
  type ExportPreviewResponse,
  type ExportFilters,
  type ExportRow,
  type ExportRowsRequest,
  type ExportRowsResponse,
} from '@snaptrack/contracts';
import { exportPageSql, exportRowsSql, exportTotalsSql } from './export.sql.js';

type PageRow = Omit<ExportExpense, 'ocr_confidence'> & {
  ocr_confidence: string | number | null;
  cursor_created_at: string;
  cursor_part?: number;
};

/** A row of exportRowsSql: an ExportRow, then the cursor's creation time, id and part. */
type CursorRow = [...ExportRow, created_at: string, id: string, part: number];
const EXPORT_ROW_WIDTH = 17 satisfies ExportRow['length'];

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
      request.lines === true,
    );
    const rows: PageRow[] = await this.dataSource.query(built.sql, built.params);
    const last = rows.at(-1);
    return {
      success: true,
      expenses: rows.map(
        ({ cursor_created_at: _cursor, cursor_part: _part, ocr_confidence, ...row }) => ({
          ...row,
          ocr_confidence: ocr_confidence === null ? null : Number(ocr_confidence),
        }),
      ),
      next:
        last && rows.length === request.limit
          ? {
              expense_date: last.expense_date,
              created_at: last.cursor_created_at,
              id: last.id,
              ...(last.cursor_part === undefined ? {} : { part: last.cursor_part }),
            }
          : null,
    };
  }

  /**
   * A CSV page straight from pg in array mode: no TypeORM wrapper and no object a row, which
   * at 100,000 rows was most of this service's time (the mapping and its garbage).
   */
  async rows(userId: string, request: ExportRowsRequest): Promise<ExportRowsResponse> {
    const built = exportRowsSql(userId, request.filters ?? {}, request.after, request.limit);
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const result = await pool.query<CursorRow>({
      text: built.sql,
      values: built.params,
      rowMode: 'array',
    });
    const rows = result.rows;
    const last = rows.at(-1);
    const next: ExportCursor | null =
      last && rows.length === request.limit
        ? {
            expense_date: last[0],
            created_at: last[EXPORT_ROW_WIDTH],
            id: last[EXPORT_ROW_WIDTH + 1] as string,
            part: last[EXPORT_ROW_WIDTH + 2] as number,
          }
        : null;
    // The cursor columns go before the bus serialises the page.
    for (const row of rows as unknown[][]) row.length = EXPORT_ROW_WIDTH;
    return { success: true, rows: rows as unknown as ExportRow[], next };
  }

  async preview(userId: string, filters: ExportFilters = {}): Promise<ExportPreviewResponse> {
    const built = exportTotalsSql(userId, filters);
    const rows: {
      entity: string | null;
      currency: string;
      count: number;
      total: string;
      currency_total: string;
      currency_count: number;
    }[] = await this.dataSource.query(built.sql, built.params);
    const totals = new Map<string, CurrencyTotal>();
    for (const row of rows) {
      const total = Number(row.currency_total);
      const count = row.currency_count;
      totals.set(row.currency, {
        currency: row.currency,
        total,
        count,
        average: Math.round((total / count) * 100) / 100,
      });
    }
    return {
      success: true,
      count: rows.reduce((sum, row) => sum + row.count, 0),
      totals: [...totals.values()].sort(
        (a, b) => b.count - a.count || (a.currency < b.currency ? -1 : 1),
      ),
      by_entity: rows.map((row) => ({
        entity: row.entity ?? UNASSIGNED_ENTITY,
        currency: row.currency,
        count: row.count,
        total: Number(row.total),
      })),
    };
  }
}
