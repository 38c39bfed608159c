import type { BuiltQuery } from '../database/sql-params.js';
import { SqlParams } from '../database/sql-params.js';
import { EXPENSE_LINES, EXPENSES_TABLE } from '../expenses/expense-row.js';
import { currencyTotalsJson, homeAmount } from './currency-totals.js';
import { splitByMonths, type DateRange } from './periods.js';

/**
 * The summary and statistics read the running totals the triggers keep (migration
 * ExpenseTotals): only finished expenses are in them, since one still being read has no amount
 * yet, and a failed one has none until the user fills it in (which makes it ready). Keys whose
 * count fell to zero are skipped. Expenses without a date (their totals' day or month is NULL)
 * are in no period, not even All Time: they are counted apart (`undatedCount`) for the note.
 */
function dayWhere(range: DateRange, params: SqlParams, user: string) {
  const clauses = [`d."user_id" = ${user}`, `d."count" > 0`, `d."expense_date" IS NOT NULL`];
  let start = 'NULL::date';
  let end = 'NULL::date';
  if (range.start) {
    start = `${params.add(range.start)}::date`;
    clauses.push(`d."expense_date" >= ${start}`);
  }
  if (range.end) {
    end = `${params.add(range.end)}::date`;
    clauses.push(`d."expense_date" <= ${end}`);
  }
  return { where: clauses.join(' AND '), start, end };
}

/**
 * Vendors and tags of a range: the monthly totals of the whole months inside it, plus the
 * expenses of the days left over at either end, as rows of (..., count, total, currency,
 * amount): the total in the home currency (NULL for amounts that have none), and the amount in
 * the row's own currency. The days' rows are lines (`l`: a split expense's parts), as the
 * monthly totals count them.
 */
function monthlyPlusEdges(
  range: DateRange,
  params: SqlParams,
  user: string,
  home: string,
  monthly: { table: string; columns: string },
  edgeRows: { from: string; columns: string },
): string {
  const split = splitByMonths(range);
  const parts: string[] = [];
  if (split.months) {
    const clauses = [`m."user_id" = ${user}`, `m."count" > 0`, `m."month" IS NOT NULL`];
    if (split.months.start) clauses.push(`m."month" >= ${params.add(split.months.start)}::date`);
    if (split.months.end) clauses.push(`m."month" <= ${params.add(split.months.end)}::date`);
    const total = homeAmount('m', home, { amount: 'total', converted: 'm."converted"' });
    parts.push(`SELECT ${monthly.columns}, m."count", ${total}, m."currency", m."total"
      FROM "expenses"."${monthly.table}" m WHERE ${clauses.join(' AND ')}`);
  }
  if (split.edges.length) {
    const days = split.edges.map(
      (edge) =>
        `e."expense_date" BETWEEN ${params.add(edge.start)}::date AND ${params.add(edge.end)}::date`,
    );
    // homeAmount's rule over a line's amount.
    const amount = `CASE WHEN e."currency" = ${home} THEN l."amount"
      WHEN e."rate_currency" = ${home} THEN l."amount" * e."exchange_rate" END`;
    parts.push(`SELECT ${edgeRows.columns}, 1, ${amount}, e."currency", l."amount"
      FROM ${edgeRows.from}
      WHERE e."user_id" = ${user} AND e."status" = 'ready' AND (${days.join(' OR ')})`);
  }
  return parts.join(' UNION ALL ');
}

/** How many finished expenses of the user have no date (the NULL day of the daily totals). */
function undatedCount(user: string): string {
  return `(SELECT coalesce(sum(u."count"), 0)::int FROM "expenses"."daily_totals" u
    WHERE u."user_id" = ${user} AND u."expense_date" IS NULL)`;
}

/**
 * Totals, counts and averages (rounded to the cent) of a user's expenses in a date range, per
 * currency, and in the home currency where rates allow (one `CurrencyTotalsRow`, "totals").
 */
export function summarySql(userId: string, range: DateRange, homeCurrency: string): BuiltQuery {
  const params = new SqlParams();
  const home = `${params.add(homeCurrency)}::text`;
  const user = params.add(userId);
  const { where } = dayWhere(range, params, user);
  const days = `(SELECT d."currency", d."rate_currency", d."total", d."count", d."converted"
    FROM "expenses"."daily_totals" d WHERE ${where})`;
  return {
    sql: `SELECT ${currencyTotalsJson(days, home)} AS "totals",
      ${undatedCount(user)} AS "undated_count"`,
    params: params.values,
  };
}

/**
 * Everything the statistics page shows, in one statement: totals, the entity breakdown and
 * spending over time from the daily totals (the MATERIALIZED base), the entity breakdown's top
 * three tags and the top ten tags and vendors from the monthly totals plus the days at the
 * range's ends. Spending over time has empty buckets filled in (days up to 31 days, weeks from
 * Sunday up to a year, months beyond). Returns one row with one JSON column.
 */
export function statisticsSql(
  userId: string,
  range: DateRange,
  today: string,
  homeCurrency: string,
): BuiltQuery {
  const params = new SqlParams();
  const user = params.add(userId);
  const home = `${params.add(homeCurrency)}::text`;
  const { where, start, end } = dayWhere(range, params, user);
  const todayParam = `${params.add(today)}::date`;
  const tagRows = monthlyPlusEdges(
    range,
    params,
    user,
    home,
    { table: 'monthly_tag_totals', columns: 'm."entity_id", m."tag"' },
    {
      from: `${EXPENSES_TABLE} e ${EXPENSE_LINES} CROSS JOIN unnest(l."tags") AS t`,
      columns: 'l."entity_id", t',
    },
  );
  const vendorRows = monthlyPlusEdges(
    range,
    params,
    user,
    home,
    { table: 'monthly_vendor_totals', columns: 'm."vendor"' },
    { from: `${EXPENSES_TABLE} e ${EXPENSE_LINES}`, columns: 'e."vendor"' },
  );
  const bucket = (column: string) => `CASE g."granularity"
      WHEN 'day' THEN ${column}
      WHEN 'week' THEN ${column} - extract(dow FROM ${column})::int
      ELSE date_trunc('month', ${column})::date END`;
  // "home" is a row's amount in the home currency, NULL when it has none (a foreign currency
  // without a rate into it): the breakdowns sum only that, never two currencies.
  const inHome = homeAmount('d', home, { amount: 'total', converted: 'd."converted"' });
  const sql = `WITH base AS MATERIALIZED (
      SELECT d."expense_date", d."entity_id", d."currency", d."rate_currency", d."total",
        d."count", d."converted", ${inHome} AS "home"
      FROM "expenses"."daily_totals" d WHERE ${where}
    ),
    totals AS (
      SELECT coalesce(sum("home"), 0) AS "total", coalesce(sum("count"), 0) AS "count",
        min("expense_date") AS "first", max("expense_date") AS "last"
      FROM base
    ),
    by_entity AS (
      SELECT "entity_id", coalesce(sum("home"), 0) AS "total", sum("count") AS "count"
      FROM base GROUP BY 1
    ),
    -- Tags and vendors are summed by their exact text first, then the few groups merged
    -- ignoring case.
    tag_rows AS NOT MATERIALIZED (
      SELECT * FROM (${tagRows}) AS r("entity_id", "tag", "count", "total", "currency", "amount")
    ),
    tag_exact AS (
      SELECT "entity_id", "tag", sum("count") AS "count", coalesce(sum("total"), 0) AS "total"
      FROM tag_rows GROUP BY 1, 2
    ),
    tag_uses AS (
      SELECT "entity_id", lower("tag") AS "key", min("tag") AS "tag", sum("count") AS "count",
        sum("total") AS "total"
      FROM tag_exact GROUP BY 1, 2
    ),
    entity_tags AS (
      SELECT "entity_id", "tag", "count", row_number() OVER (
        PARTITION BY "entity_id" ORDER BY "count" DESC, "key") AS "rank"
      FROM tag_uses
    ),
    top_tags AS (
      SELECT min("tag") AS "tag", sum("count") AS "count", sum("total") AS "total", "key"
      FROM tag_uses GROUP BY "key" ORDER BY 2 DESC, "key" LIMIT 10
    ),
    vendor_rows AS NOT MATERIALIZED (
      SELECT * FROM (${vendorRows}) AS r("vendor", "count", "total", "currency", "amount")
      WHERE "vendor" <> ''
    ),
    vendor_exact AS (
      SELECT "vendor", sum("count") AS "count", coalesce(sum("total"), 0) AS "total"
      FROM vendor_rows GROUP BY 1
    ),
    top_vendors AS (
      SELECT min("vendor") AS "vendor", sum("count") AS "count", sum("total") AS "total",
        lower("vendor") AS "key"
      FROM vendor_exact GROUP BY "key" ORDER BY 2 DESC, 3 DESC, "key" LIMIT 10
    ),
    -- The amounts with no rate into the home currency, broken down in their own currency
    -- (never summed with another): entities, months, and each currency's top five tags and
    -- vendors. Only amounts without a home amount ("total"/"home" NULL) are in them.
    -- Read once: an account with every amount in its home currency skips the rest (the
    -- tag and vendor rows are then scanned once, for the home breakdowns, not kept for two).
    has_foreign AS (
      SELECT coalesce(bool_or("home" IS NULL), false) AS "any" FROM base
    ),
    foreign_entities AS (
      SELECT "currency", "entity_id", sum("total") AS "total", sum("count") AS "count"
      FROM base WHERE "home" IS NULL GROUP BY 1, 2
    ),
    foreign_months AS (
      SELECT "currency", date_trunc('month', "expense_date")::date AS "month",
        sum("total") AS "total", sum("count") AS "count"
      FROM base WHERE "home" IS NULL GROUP BY 1, 2
    ),
    foreign_tags AS (
      SELECT "currency", min("tag") AS "tag", sum("count") AS "count", sum("amount") AS "total",
        row_number() OVER (PARTITION BY "currency" ORDER BY sum("count") DESC, lower("tag"))
          AS "rank"
      FROM tag_rows WHERE (SELECT "any" FROM has_foreign) AND "total" IS NULL
      GROUP BY "currency", lower("tag")
    ),
    foreign_vendors AS (
      SELECT "currency", min("vendor") AS "vendor", sum("count") AS "count",
        sum("amount") AS "total", row_number() OVER (PARTITION BY "currency"
          ORDER BY sum("count") DESC, sum("amount") DESC, lower("vendor")) AS "rank"
      FROM vendor_rows WHERE (SELECT "any" FROM has_foreign) AND "total" IS NULL
      GROUP BY "currency", lower("vendor")
    ),
    bounds AS (
      SELECT coalesce(${start}, t."first", ${todayParam}) AS "start",
        coalesce(${end}, greatest(t."last", ${todayParam})) AS "end"
      FROM totals t
    ),
    g AS (
      SELECT b."start", b."end", CASE
        WHEN b."end" - b."start" < 31 THEN 'day'
        WHEN b."end" - b."start" < 366 THEN 'week'
        ELSE 'month' END AS "granularity"
      FROM bounds b
    ),
    buckets AS (
      SELECT s::date AS "bucket"
      FROM g, generate_series((${bucket('g."start"')})::timestamp, g."end"::timestamp, CASE g."granularity"
        WHEN 'day' THEN interval '1 day' WHEN 'week' THEN interval '7 days'
        ELSE interval '1 month' END) AS s
    ),
    spent AS (
      SELECT ${bucket('b."expense_date"')} AS "bucket", coalesce(sum(b."home"), 0) AS "total",
        sum(b."count") AS "count"
      FROM base b, g GROUP BY 1
    )
    SELECT json_build_object(
      'currency', ${currencyTotalsJson('base', home)},
      'undated_count', ${undatedCount(user)},
      'entities', coalesce((
        SELECT json_agg(json_build_object(
          'entity', coalesce(n."name", 'Unassigned'),
          'total', round(x."total", 2),
          'count', x."count",
          'share', CASE WHEN t."total" = 0 THEN 0 ELSE round(x."total" / t."total", 4) END,
          'top_tags', coalesce((
            SELECT json_agg(json_build_object('tag', et."tag", 'count', et."count")
              ORDER BY et."rank")
            FROM entity_tags et
            WHERE et."entity_id" IS NOT DISTINCT FROM x."entity_id" AND et."rank" <= 3
          ), '[]'::json)
        ) ORDER BY x."total" DESC, lower(coalesce(n."name", 'Unassigned')))
        FROM by_entity x LEFT JOIN "expenses"."entities" n ON n."id" = x."entity_id"
      ), '[]'::json),
      'top_vendors', coalesce((
        SELECT json_agg(json_build_object('vendor', v."vendor", 'count', v."count",
          'total', round(v."total", 2)) ORDER BY v."count" DESC, v."total" DESC, v."key")
        FROM top_vendors v
      ), '[]'::json),
      'top_tags', coalesce((
        SELECT json_agg(json_build_object('tag', tt."tag", 'count', tt."count",
          'total', round(tt."total", 2)) ORDER BY tt."count" DESC, tt."key")
        FROM top_tags tt
      ), '[]'::json),
      'by_currency', coalesce((
        SELECT json_agg(json_build_object(
          'currency', c."currency",
          'total', round(c."total", 2),
          'count', c."count",
          'entities', (
            SELECT json_agg(json_build_object('entity', coalesce(n."name", 'Unassigned'),
              'total', round(x."total", 2), 'count', x."count")
              ORDER BY x."total" DESC, lower(coalesce(n."name", 'Unassigned')))
            FROM foreign_entities x LEFT JOIN "expenses"."entities" n ON n."id" = x."entity_id"
            WHERE x."currency" = c."currency"
          ),
          'months', (
            SELECT json_agg(json_build_object('month', fm."month", 'total', round(fm."total", 2),
              'count', fm."count") ORDER BY fm."month")
            FROM foreign_months fm WHERE fm."currency" = c."currency"
          ),
          'top_tags', coalesce((
            SELECT json_agg(json_build_object('tag', ft."tag", 'count', ft."count",
              'total', round(ft."total", 2)) ORDER BY ft."rank")
            FROM foreign_tags ft WHERE ft."currency" = c."currency" AND ft."rank" <= 5
          ), '[]'::json),
          'top_vendors', coalesce((
            SELECT json_agg(json_build_object('vendor', fv."vendor", 'count', fv."count",
              'total', round(fv."total", 2)) ORDER BY fv."rank")
            FROM foreign_vendors fv WHERE fv."currency" = c."currency" AND fv."rank" <= 5
          ), '[]'::json)
        ) ORDER BY c."currency")
        FROM (
          SELECT "currency", sum("total") AS "total", sum("count") AS "count"
          FROM foreign_entities GROUP BY 1
        ) c
      ), '[]'::json),
      'series', json_build_object(
        'granularity', (SELECT "granularity" FROM g),
        'points', coalesce((
          SELECT json_agg(json_build_object('date', k."bucket", 'total',
            round(coalesce(s."total", 0), 2), 'count', coalesce(s."count", 0)) ORDER BY k."bucket")
          FROM buckets k LEFT JOIN spent s ON s."bucket" = k."bucket"
        ), '[]'::json)
      )
    ) AS "statistics"
    FROM totals t`;
  return { sql, params: params.values };
}
