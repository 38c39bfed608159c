import { formatMoney } from '@/lib/format';
import type { Statistics } from '../api/get-statistics';
import { RankedItems, type RankedItem } from './ranked-items';

type Breakdown = Statistics['by_currency'][number];

const monthName = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** The parts of one currency's breakdown, each a titled list; empty ones are left out. */
function parts(breakdown: Breakdown): { label: string; items: RankedItem[] }[] {
  const receipts = (count: number) => counted(count, 'receipt', 'receipts');
  return [
    {
      label: 'Entities',
      items: breakdown.entities.map((e) => ({
        name: e.entity,
        detail: receipts(e.count),
        total: e.total,
      })),
    },
    {
      label: 'Months',
      items: breakdown.months.map((m) => ({
        name: monthName(m.month),
        detail: receipts(m.count),
        total: m.total,
      })),
    },
    {
      label: 'Top Vendors',
      items: breakdown.top_vendors.map((v) => ({
        name: v.vendor,
        detail: counted(v.count, 'visit', 'visits'),
        total: v.total,
      })),
    },
    {
      label: 'Top Tags',
      items: breakdown.top_tags.map((t) => ({
        name: t.tag,
        detail: counted(t.count, 'expense', 'expenses'),
        total: t.total,
      })),
    },
  ].filter((part) => part.items.length > 0);
}

/**
 * The expenses of each other currency that have no rate into the home currency, broken down
 * in their own currency: they are in none of the home-currency amounts above.
 */
export function CurrencyBreakdowns({
  breakdowns,
  home,
}: {
  breakdowns: Breakdown[];
  home: string;
}) {
  return breakdowns.map((breakdown) => {
    const { currency } = breakdown;
    const id = `stats-currency-${currency}`;
    return (
      <section key={currency} className="card stats-section" aria-labelledby={id}>
        <h2 id={id} className="stats-section__title">
          In {currency}: {formatMoney(breakdown.total, currency)} ·{' '}
          {counted(breakdown.count, 'receipt', 'receipts')}
        </h2>
        <p className="stats-currency-note">Without an exchange rate into {home}.</p>
        <div className="stats-columns">
          {parts(breakdown).map((part) => (
            <div key={part.label} className="currency-breakdown__part">
              <h3 className="currency-breakdown__label">{part.label}</h3>
              <RankedItems items={part.items} currency={currency} />
            </div>
          ))}
        </div>
      </section>
    );
  });
}
