import { formatMoney } from '@/lib/format';
import type { Statistics } from '../api/get-statistics';
import { RankedItems } from './ranked-items';

type TaxPaidRow = Statistics['tax_paid'][number];

const receipts = (count: number) => `${count} ${count === 1 ? 'receipt' : 'receipts'}`;

/**
 * "Tax paid": the VAT or sales tax of the period's receipts per entity, in each currency it was
 * paid in (never converted or added across currencies): what a VAT-registered business
 * reclaims. Receipts whose tax is unknown are not in it, and the note says so.
 */
export function TaxPaid({ rows }: { rows: TaxPaidRow[] }) {
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return (
    <section className="card stats-section" aria-labelledby="stats-tax-paid">
      <h2 id="stats-tax-paid" className="stats-section__title">
        Tax paid
      </h2>
      {rows.length === 0 ? (
        <p className="stats-currency-note">No tax read or entered for the selected period.</p>
      ) : (
        <>
          <p className="stats-currency-note">
            Per entity, from the receipts whose tax was read or entered.
          </p>
          <div className="stats-columns">
            {currencies.map((currency) => {
              const items = rows.filter((row) => row.currency === currency);
              const total = items.reduce((sum, row) => sum + Math.round(row.tax * 100), 0) / 100;
              return (
                <div key={currency} className="currency-breakdown__part">
                  <h3 className="currency-breakdown__label">
                    {currency}: {formatMoney(total, currency)}
                  </h3>
                  <RankedItems
                    currency={currency}
                    items={items.map((row) => ({
                      name: row.entity,
                      detail: receipts(row.count),
                      total: row.tax,
                    }))}
                  />
                </div>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
