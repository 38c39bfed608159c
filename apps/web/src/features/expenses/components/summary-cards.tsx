import { memo, useState } from 'react';
import type { ExportFilters } from '@snaptrack/contracts/core';
import { totalsDisplay } from '@/lib/currency-totals';
import { browserTimeZone, formatDateRange, formatMoney } from '@/lib/format';
import { useExpenseSummary, type SummaryPeriod } from '../api/get-expense-summary';
import { useFilteredSummary } from '../api/get-filtered-summary';
import { hasListFilters } from '../utils/list-filters';
import './expenses.css';

const PERIODS: SummaryPeriod[] = ['today', 'week', 'month', 'all'];

export const PERIOD_LABELS: Record<SummaryPeriod, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
};

function nextPeriod(period: SummaryPeriod): SummaryPeriod {
  return PERIODS[(PERIODS.indexOf(period) + 1) % PERIODS.length];
}

const NO_FILTERS: ExportFilters = {};

/**
 * Total Spent, Receipts and Average, computed by the server: while the expense list is
 * searched or filtered, over what it selects; otherwise over a period.
 */
export const SummaryCards = memo(function SummaryCards({
  filters = NO_FILTERS,
}: {
  /** The expense list's search and filters (the dashboard reads them from the URL). */
  filters?: ExportFilters;
}) {
  return hasListFilters(filters) ? <MatchingCards filters={filters} /> : <PeriodCards />;
});

/** The cards of a searched or filtered list: what it selects, one amount per currency. */
function MatchingCards({ filters }: { filters: ExportFilters }) {
  const summary = useFilteredSummary(filters, true);
  const totals = summary.data?.totals ?? [];
  const value = (text: string) => (summary.data ? text : summary.isError ? '—' : '…');
  const money = (pick: (total: (typeof totals)[number]) => number) =>
    totals.length ? totals.map((t) => formatMoney(pick(t), t.currency)).join(', ') : formatMoney(0);
  const cards = [
    { title: 'Total Spent', value: value(money((t) => t.total)) },
    { title: 'Receipts', value: value(String(summary.data?.count ?? 0)) },
    { title: 'Average', value: value(money((t) => t.total / Math.max(1, t.count))) },
  ];
  return (
    <section className="summary-cards" aria-label="Summary of the search">
      {cards.map((card) => (
        <div key={card.title} className="card summary-card">
          <span className="summary-card__title">
            {card.title}
            <span className="sr-only">,</span>
          </span>
          <span className="summary-card__value" aria-busy={summary.isFetching || undefined}>
            {card.value}
          </span>
          <span className="summary-card__period">Matching your search</span>
        </div>
      ))}
    </section>
  );
}

/**
 * Expenses without a date are in no period (not even All Time) and not in the figures: the
 * Receipts card says how many, so nobody takes the totals for complete.
 */
function undatedNote(count: number): string | null {
  if (!count) return null;
  return `${count} without a date, not counted`;
}

/**
 * Clicking any card moves all three to the next period: Today, This Week, This Month (first),
 * All Time. Amounts are in the home currency; a line under them says when they are converted
 * or which other currencies are left out (never added in).
 */
function PeriodCards() {
  const [period, setPeriod] = useState<SummaryPeriod>('month');
  const summary = useExpenseSummary({ period, tz: browserTimeZone() });
  const label = PERIOD_LABELS[period];
  // The dates the server counted: This Week runs from Sunday here, unlike on Statistics.
  const range =
    summary.data?.period === period
      ? formatDateRange(summary.data.start_date, summary.data.end_date)
      : null;
  const value = (text: string) => (summary.data ? text : summary.isError ? '—' : '…');
  const shown = summary.data ? totalsDisplay(summary.data) : null;
  const cards = [
    { title: 'Total Spent', value: value(shown?.total ?? ''), note: shown?.note },
    {
      title: 'Receipts',
      value: value(String(summary.data?.count ?? 0)),
      note: summary.data ? undatedNote(summary.data.undated_count) : null,
    },
    { title: 'Average', value: value(shown?.average ?? ''), note: shown?.note },
  ];
  return (
    <section className="summary-cards" aria-label="Summary">
      {cards.map((card) => (
        <button
          key={card.title}
          type="button"
          className="card summary-card"
          onClick={() => setPeriod(nextPeriod(period))}
          title="Click to change the period"
        >
          {/* The name is the visible text (title, value, period) plus what a click does. */}
          <span className="summary-card__title">
            {card.title}
            <span className="sr-only">,</span>
          </span>
          <span className="summary-card__value" aria-busy={summary.isFetching || undefined}>
            {card.value}
          </span>
          <span className="summary-card__period">{label}</span>
          {range ? <span className="summary-card__range">{range}</span> : null}
          {card.note ? <span className="summary-card__note">{card.note}</span> : null}
          <span className="sr-only">. Show {PERIOD_LABELS[nextPeriod(period)]}</span>
        </button>
      ))}
    </section>
  );
}
