import { formatMoney } from '@/lib/format';
import type { Statistics } from '../api/get-statistics';
import { bucketLabel, labelEvery, niceMax } from '../utils/chart';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 64 };

const UNIT = { day: 'Daily', week: 'Weekly', month: 'Monthly' } as const;

/**
 * Spending over time as bars (one per day, week or month), with a table for screen readers;
 * amounts in the home currency `currency`.
 */
export function SpendingChart({
  series,
  currency,
}: {
  series: Statistics['series'];
  currency: string;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const { points, granularity } = series;
  const max = niceMax(Math.max(0, ...points.map((point) => point.total)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(1, slot * 0.7);
  const every = labelEvery(points.length);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const total = points.reduce((sum, point) => sum + point.total, 0);

  return (
    <figure className="spending-chart">
      <figcaption className="stats-section__title">
        Spending over time <span className="spending-chart__unit">{UNIT[granularity]}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="spending-chart__svg"
        role="img"
        aria-label={`${UNIT[granularity]} spending, ${points.length} bars, ${money(total)} in all`}
        data-testid="spending-chart"
      >
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(max * fraction)}
              y2={y(max * fraction)}
              className="spending-chart__grid"
            />
            <text
              x={PAD.left - 8}
              y={y(max * fraction) + 4}
              className="spending-chart__axis"
              textAnchor="end"
            >
              {money(max * fraction).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          const height = Math.max(0, y(0) - y(point.total));
          return (
            <g key={point.date}>
              <rect
                x={x}
                y={y(point.total)}
                width={barWidth}
                height={height}
                rx={Math.min(3, barWidth / 3)}
                className="spending-chart__bar"
              >
                <title>
                  {`${bucketLabel(point.date, granularity)}: ${money(point.total)} (${point.count} ${point.count === 1 ? 'expense' : 'expenses'})`}
                </title>
              </rect>
              {index % every === 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  className="spending-chart__axis"
                  textAnchor="middle"
                >
                  {bucketLabel(point.date, granularity)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Spending per {granularity}</caption>
        <thead>
          <tr>
            <th scope="col">
              {granularity === 'week' ? 'Week of' : granularity === 'day' ? 'Day' : 'Month'}
            </th>
            <th scope="col">Spent</th>
            <th scope="col">Expenses</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <td>{bucketLabel(point.date, granularity)}</td>
              <td>{money(point.total)}</td>
              <td>{point.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
