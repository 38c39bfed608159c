import { formatMoney } from '@/lib/format';
import type { Statistics } from '../api/get-statistics';

type Breakdown = Statistics['by_currency'][number];

const monthName = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** One titled list of (name, detail, amount in the breakdown's currency) rows. */
function Rows({
  label,
  rows,
  currency,
}: {
  label: string;
  rows: { name: string; detail: string; total: number }[];
  currency: string;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="currency-breakdown__part">
      <h3 className="currency-breakdown__label">{label}</h3>
      <ol className="ranked-list">
        {rows.map((row) => (
          <li key={row.name} className="ranked-list__item">
            <span className="ranked-list__name">{row.name}</span>
            <span className="ranked-list__detail">{row.detail}</span>
            <span className="ranked-list__total">{formatMoney(row.total, currency)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

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
          <Rows
            label="Entities"
            currency={currency}
            rows={breakdown.entities.map((entity) => ({
              name: entity.entity,
              detail: counted(entity.count, 'receipt', 'receipts'),
              total: entity.total,
            }))}
          />
          <Rows
            label="Months"
            currency={currency}
            rows={breakdown.months.map((month) => ({
              name: monthName(month.month),
              detail: counted(month.count, 'receipt', 'receipts'),
              total: month.total,
            }))}
          />
          <Rows
            label="Top Vendors"
            currency={currency}
            rows={breakdown.top_vendors.map((vendor) => ({
              name: vendor.vendor,
              detail: counted(vendor.count, 'visit', 'visits'),
              total: vendor.total,
            }))}
          />
          <Rows
            label="Top Tags"
            currency={currency}
            rows={breakdown.top_tags.map((tag) => ({
              name: tag.tag,
              detail: counted(tag.count, 'expense', 'expenses'),
              total: tag.total,
            }))}
          />
        </div>
      </section>
    );
  });
}
