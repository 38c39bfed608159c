import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { totalsDisplay } from '@/lib/currency-totals';
import { browserTimeZone, formatDateRange, formatMoney } from '@/lib/format';
import { useStatistics, type Statistics, type StatisticsPeriod } from '../api/get-statistics';
import { CurrencyBreakdowns } from './currency-breakdowns';
import { TaxPaid } from './tax-paid';
import { RankedItems, type RankedItem } from './ranked-items';
import { SpendingChart } from './spending-chart';
import './statistics.css';

const PERIODS: { value: StatisticsPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
  { value: 'all', label: 'All Time' },
];

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function EntityBreakdown({
  entities,
  currency,
}: {
  entities: Statistics['entities'];
  currency: string;
}) {
  return (
    <section className="card stats-section" aria-labelledby="stats-entities">
      <h2 id="stats-entities" className="stats-section__title">
        Entity Breakdown
      </h2>
      {entities.length === 0 ? (
        <p className="stats-empty">No data for selected period</p>
      ) : (
        <ul className="entity-bars">
          {entities.map((entity) => (
            <li key={entity.entity} className="entity-bar">
              <div className="entity-bar__head">
                <span className="entity-bar__name">{entity.entity}</span>
                <span className="entity-bar__total">
                  {formatMoney(entity.total, currency)} · {percent(entity.share)}
                </span>
              </div>
              <div
                className="entity-bar__track"
                role="meter"
                aria-label={`${entity.entity} share`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(entity.share * 100)}
              >
                <span className="entity-bar__fill" style={{ width: percent(entity.share) }} />
              </div>
              <div className="entity-bar__meta">
                <span>
                  {entity.count} {entity.count === 1 ? 'receipt' : 'receipts'}
                </span>
                {entity.top_tags.map((tag) => (
                  <span key={tag.tag} className="chip">
                    {tag.tag} ({tag.count})
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RankedList({
  title,
  empty,
  items,
  currency,
}: {
  title: string;
  empty: string;
  items: RankedItem[];
  currency: string;
}) {
  const id = `stats-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card stats-section" aria-labelledby={id}>
      <h2 id={id} className="stats-section__title">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="stats-empty">{empty}</p>
      ) : (
        <RankedItems items={items} currency={currency} />
      )}
    </section>
  );
}

/** What the amounts below the cards are, when the period has other currencies. */
function breakdownNote(data: Statistics): string | null {
  const home = data.home_currency;
  if (data.unconverted_count > 0) {
    const expenses = data.unconverted_count === 1 ? 'expense' : 'expenses';
    return `Amounts below are in ${home}. ${data.unconverted_count} ${expenses} in other currencies without an exchange rate are counted but not in the amounts; each such currency is broken down on its own at the end.`;
  }
  if (data.converted) return `Amounts below are in ${home}, converted at your exchange rates.`;
  return null;
}

/** Expenses without a date are in no period: said, never silently put in one. */
function undatedStatisticsNote(count: number): string | null {
  if (!count) return null;
  const expenses = count === 1 ? 'expense has' : 'expenses have';
  return `${count} ${expenses} no date (not read from the receipt) and ${count === 1 ? 'is' : 'are'} in no period here: set the date in Needs review to count ${count === 1 ? 'it' : 'them'}.`;
}

/**
 * The statistics page body: period selector (This Month first), the three cards, the entity
 * breakdown, top vendors, top tags and spending over time, all computed by the server.
 */
export function StatisticsView() {
  const [period, setPeriod] = useState<StatisticsPeriod>('month');
  const statistics = useStatistics({
    period,
    tz: browserTimeZone(),
    queryConfig: { placeholderData: (previous) => previous },
  });
  const data = statistics.data;
  const shown = data ? totalsDisplay(data) : null;

  return (
    <div className="statistics">
      <div className="period-selector" role="group" aria-label="Period">
        {PERIODS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={period === option.value ? 'primary' : 'outline'}
            aria-pressed={period === option.value}
            onClick={() => setPeriod(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {/* The dates counted: This Week is the last 7 days here, unlike the dashboard's cards. */}
      {data?.period === period && formatDateRange(data.start_date, data.end_date) ? (
        <p className="stats-range">
          {PERIODS.find((option) => option.value === period)?.label}:{' '}
          {formatDateRange(data.start_date, data.end_date)}
        </p>
      ) : null}
      {statistics.isError && !data ? (
        <div className="stats-empty" role="alert">
          <p>Statistics could not be loaded.</p>
          <Button size="sm" variant="outline" onClick={() => void statistics.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading statistics…" showLabel />
      ) : (
        <div className="statistics__body" aria-busy={statistics.isFetching || undefined}>
          <div className="stats-cards">
            {[
              { title: 'Total Spent', value: shown?.total, note: shown?.note },
              { title: 'Total Receipts', value: String(data.count), note: null },
              { title: 'Average per Receipt', value: shown?.average, note: shown?.note },
            ].map((card) => (
              <div key={card.title} className="card stats-card">
                <span className="stats-card__title">{card.title}</span>
                <span className="stats-card__value">{card.value}</span>
                {card.note ? <span className="stats-card__note">{card.note}</span> : null}
              </div>
            ))}
          </div>
          {breakdownNote(data) ? (
            <p className="stats-currency-note">{breakdownNote(data)}</p>
          ) : null}
          {undatedStatisticsNote(data.undated_count) ? (
            <p className="stats-currency-note" role="note">
              {undatedStatisticsNote(data.undated_count)}
            </p>
          ) : null}
          <section className="card stats-section">
            <SpendingChart series={data.series} currency={data.home_currency} />
          </section>
          <EntityBreakdown entities={data.entities} currency={data.home_currency} />
          <div className="stats-columns">
            <RankedList
              currency={data.home_currency}
              title="Top Vendors"
              empty="No vendors for selected period"
              items={data.top_vendors.map((vendor) => ({
                name: vendor.vendor,
                detail: `${vendor.count} ${vendor.count === 1 ? 'visit' : 'visits'}`,
                total: vendor.total,
              }))}
            />
            <RankedList
              currency={data.home_currency}
              title="Top Tags"
              empty="No tags for selected period"
              items={data.top_tags.map((tag) => ({
                name: tag.tag,
                detail: `${tag.count} ${tag.count === 1 ? 'expense' : 'expenses'}`,
                total: tag.total,
              }))}
            />
          </div>
          <CurrencyBreakdowns breakdowns={data.by_currency} home={data.home_currency} />
          <TaxPaid rows={data.tax_paid ?? []} />
        </div>
      )}
    </div>
  );
}
