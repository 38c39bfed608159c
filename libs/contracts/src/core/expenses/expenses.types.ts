import type { CurrencyTotal, CurrencyTotals } from './currency.js';
import type { Expense, ExpenseEntity, Pagination } from './expense.js';
import type { ReceiptTextMatch } from './expense-search.js';
import type { TaxLine } from './tax.js';

export const SummaryPeriods = ['today', 'week', 'month', 'all'] as const;

export type SummaryPeriod = (typeof SummaryPeriods)[number];

export const StatisticsPeriods = ['today', 'week', 'month', 'year', 'all'] as const;

export type StatisticsPeriod = (typeof StatisticsPeriods)[number];

/** Totals per currency, never summed across currencies (`CurrencyTotals`). */
export interface SummaryResponse extends CurrencyTotals {
  success: true;
  period: SummaryPeriod;
  /** Inclusive bounds in the user's time zone; null for All Time. */
  start_date: string | null;
  end_date: string | null;
  /**
   * Finished expenses without a date (not read from the receipt, not set yet): in no period,
   * not even All Time, and not in the figures above; the dashboard says how many.
   */
  undated_count: number;
}

export interface TagCount {
  tag: string;
  count: number;
}

export interface EntityBreakdown {
  /** The entity's name, or 'Unassigned'. */
  entity: string;
  /** In the home currency (see StatisticsResponse). */
  total: number;
  count: number;
  /** This entity's part of the period's home-currency total, 0 to 1. */
  share: number;
  /** Its three most used tags in the period. */
  top_tags: TagCount[];
}

export interface VendorStat {
  vendor: string;
  /** Number of expenses (visits). */
  count: number;
  total: number;
}

export interface TagStat extends TagCount {
  total: number;
}

/**
 * The expenses of one foreign currency that have no rate into the home currency, broken down
 * in that currency (they are in none of the home-currency breakdowns).
 */
export interface CurrencyBreakdown {
  /** ISO 4217. */
  currency: string;
  total: number;
  count: number;
  entities: { entity: string; total: number; count: number }[];
  /** Calendar months with any, oldest first; `month` is its first day, YYYY-MM-DD. */
  months: { month: string; total: number; count: number }[];
  /** The five most used. */
  top_tags: TagStat[];
  /** The five most visited. */
  top_vendors: VendorStat[];
}

export type SeriesGranularity = 'day' | 'week' | 'month';

export interface SeriesPoint {
  /** First day of the bucket, YYYY-MM-DD (weeks start on Sunday). */
  date: string;
  total: number;
  count: number;
}

/**
 * The totals per currency (`CurrencyTotals`); the breakdowns' `total`s (entities, vendors,
 * tags, the series) are in the home currency: expenses in it, plus foreign ones converted at
 * their rates. Foreign expenses without a rate are in the counts but in no breakdown total
 * (`unconverted_count` says how many).
 */
export interface StatisticsResponse extends CurrencyTotals {
  success: true;
  period: StatisticsPeriod;
  start_date: string | null;
  end_date: string | null;
  /** As in SummaryResponse: expenses without a date, left out of every figure here. */
  undated_count: number;
  entities: EntityBreakdown[];
  top_vendors: VendorStat[];
  top_tags: TagStat[];
  /** Spending over time: every bucket of the period, empty ones included. */
  series: { granularity: SeriesGranularity; points: SeriesPoint[] };
  /** Per foreign currency, its expenses without a rate into the home currency; by code. */
  by_currency: CurrencyBreakdown[];
  /**
   * "Tax paid": the tax of the period's expenses per entity and currency (what a VAT-registered
   * business reclaims), in the currency it was paid in, never converted or summed across
   * currencies. Only expenses whose tax is known count; `count` says how many.
   */
  tax_paid: TaxPaid[];
}

/** The tax of one entity's expenses in one currency (see StatisticsResponse.tax_paid). */
export interface TaxPaid {
  /** The entity's name, or 'Unassigned'. */
  entity: string;
  /** ISO 4217. */
  currency: string;
  /** Two decimals. */
  tax: number;
  /** Expenses with a known tax. */
  count: number;
}

export interface ExpenseListResponse {
  success: true;
  expenses: Expense[];
  pagination: Pagination;
  /**
   * With a text search (`q`): per expense id on the page whose receipt text matched, an extract
   * of that text with the matched words marked.
   */
  matches?: Record<string, ReceiptTextMatch>;
}

export interface ExpenseResponse {
  success: true;
  expense: Expense;
}

/** An entity as GET /api/entities lists it: with how many of the user's expenses it files. */
export interface ListedEntity extends ExpenseEntity {
  expenseCount: number;
}

export interface EntityListResponse {
  success: true;
  entities: ListedEntity[];
}

export interface EntityResponse {
  success: true;
  entity: ExpenseEntity;
}

export interface TagListResponse {
  success: true;
  tags: string[];
}

/** A tag on the user's expenses (in or out of the catalogue) and how many expenses carry it. */
export interface TagUsage {
  name: string;
  expenseCount: number;
}

/** GET /api/tags: the catalogue, and every tag the user's expenses carry (with counts). */
export interface TagCatalogResponse extends TagListResponse {
  onExpenses: TagUsage[];
}

export interface UserSettings {
  emailSettings: { subdomain: string | null; emailAddress: string | null };
  entities: string[];
  tags: string[];
}

export interface UserSettingsResponse {
  success: true;
  settings: UserSettings;
}

/** POST /api/export/preview: what an export with these filters would hold. */
export interface ExportPreviewResponse {
  success: true;
  count: number;
  /** One per currency, largest count first; never summed across currencies. */
  totals: CurrencyTotal[];
  /** One per entity and currency, largest total first within a currency. */
  by_entity: EntityTotal[];
}

export interface EntityTotal {
  /** The entity's name, or 'Unassigned'. */
  entity: string;
  currency: string;
  count: number;
  total: number;
}

/** GET /api/expenses?page=&limit= (the list's filters are the exports', `ExportFilters`). */
export interface ExpensePageQuery {
  page?: number;
  limit?: number;
}

/**
 * The fields an inline edit may change. A field
 * left out stays as it is; `entity` null or blank makes the expense Unassigned.
 */
export interface ExpenseChanges {
  vendor?: string;
  amount?: number;
  expense_date?: string;
  notes?: string | null;
  entity?: string | null;
  tags?: string[];
  /** ISO 4217. Changing it without a new `exchange_rate` clears the rate. */
  currency?: string;
  /**
   * Home-currency units for one unit of the expense's currency; null removes it. Only for an
   * expense in another currency than the home currency.
   */
  exchange_rate?: number | null;
  /**
   * The tax paid; null makes it unknown (and clears the lines). Without `tax_lines`, lines
   * that no longer add up to it are dropped.
   */
  tax_amount?: number | null;
  /** The tax per rate; null clears them. Without `tax_amount`, the tax becomes their sum. */
  tax_lines?: TaxLine[] | null;
}

/** The Settings dialog's lists (POST /api/user/settings). */
export interface CatalogLists {
  entities: string[];
  tags: string[];
}
