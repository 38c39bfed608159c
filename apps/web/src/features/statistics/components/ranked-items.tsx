import { formatMoney } from '@/lib/format';

export interface RankedItem {
  name: string;
  detail: string;
  total: number;
}

/** Rows of name, detail and amount (in `currency`), in the order given. */
export function RankedItems({ items, currency }: { items: RankedItem[]; currency: string }) {
  return (
    <ol className="ranked-list">
      {items.map((item) => (
        <li key={item.name} className="ranked-list__item">
          <span className="ranked-list__name">{item.name}</span>
          <span className="ranked-list__detail">{item.detail}</span>
          <span className="ranked-list__total">{formatMoney(item.total, currency)}</span>
        </li>
      ))}
    </ol>
  );
}
