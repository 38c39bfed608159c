import type { BuiltQuery } from '../database/sql-params.js';
import type { DateRange } from './periods.js';

/**
 * Only finished expenses count: one still being read has no amount yet, and a failed one has
 * none until the user fills it in (which makes it ready).
 */
function rangeWhere(range: DateRange, params: unknown[]) {
  const clauses = [`e."user_id" = $1`, `e."status" = 'ready'`];
  let start = 'NULL::date';
  let end = 'NULL::date';
  if (range.start) {
    params.push(range.start);
    start = `$${params.length}::date`;
    clauses.push(`e."expense_date" >= ${start}`);
  }
  if (range.end) {
    params.push(range.end);
    end = `$${params.length}::date`;
    clauses.push(`e."expense_date" <= ${end}`);
  }
  return { where: clauses.join(' AND '), start, end };
}

/** Total, count and average (rounded to the cent) of a user's expenses in a date range. */
export function summarySql(userId: string, range: DateRange): BuiltQuery {
  const params: unknown[] = [userId];
  const { where } = rangeWhere(range, params);
  return {
    sql: `SELECT coalesce(sum(e."amount"), 0)::text AS "total",
        count(*)::int AS "count",
        CASE WHEN count(*) = 0 THEN 0 ELSE round(sum(e."amount") / count(*), 2) END::text AS "average"
      FROM "expenses"."expenses" e WHERE ${where}`,
    params,
  };
}

/**
 * Everything the statistics page shows, in one statement over one read of the period's rows
 * (the MATERIALIZED base): totals, the entity breakdown with each entity's top three tags, the
 * top ten vendors and tags, and spending over time with empty buckets filled in (days up to 31
 * days, weeks from Sunday up to a year, months beyond). Returns one row with one JSON column.
 */
export function statisticsSql(userId: string, range: DateRange, today: string): BuiltQuery {
  const params: unknown[] = [userId];
  const { where, start, end } = rangeWhere(range, params);
  params.push(today);
  const todayParam = `$${params.length}::date`;
  const bucket = (column: string) => `CASE g."granularity"
      WHEN 'day' THEN ${column}
      WHEN 'week' THEN ${column} - extract(dow FROM ${column})::int
      ELSE date_trunc('month', ${column})::date END`;
  const sql = `WITH base AS MATERIALIZED (
      SELECT e."amount", e."entity_id", e."vendor", e."tags", e."expense_date"
      FROM "expenses"."expenses" e WHERE ${where}
    ),
    totals AS (
      SELECT coalesce(sum("amount"), 0) AS "total", count(*) AS "count",
        min("expense_date") AS "first", max("expense_date") AS "last"
      FROM base
    ),
    by_entity AS (
      SELECT "entity_id", sum("amount") AS "total", count(*) AS "count" FROM base GROUP BY 1
    ),
    -- Tags and vendors are grouped by their exact text first (cheap), then the few groups
    -- merged ignoring case.
    tag_exact AS (
      SELECT b."entity_id", t AS "tag", count(*) AS "count", sum(b."amount") AS "total"
      FROM base b, unnest(b."tags") AS t GROUP BY 1, 2
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
    vendor_exact AS (
      SELECT "vendor", count(*) AS "count", sum("amount") AS "total"
      FROM base WHERE "vendor" <> '' GROUP BY 1
    ),
    top_vendors AS (
      SELECT min("vendor") AS "vendor", sum("count") AS "count", sum("total") AS "total",
        lower("vendor") AS "key"
      FROM vendor_exact GROUP BY "key" ORDER BY 2 DESC, 3 DESC, "key" LIMIT 10
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
      SELECT ${bucket('b."expense_date"')} AS "bucket", sum(b."amount") AS "total",
        count(*) AS "count"
      FROM base b, g GROUP BY 1
    )
    SELECT json_build_object(
      'total_spent', t."total",
      'count', t."count",
      'average', CASE WHEN t."count" = 0 THEN 0 ELSE round(t."total" / t."count", 2) END,
      'entities', coalesce((
        SELECT json_agg(json_build_object(
          'entity', coalesce(n."name", 'Unassigned'),
          'total', x."total",
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
          'total', v."total") ORDER BY v."count" DESC, v."total" DESC, v."key")
        FROM top_vendors v
      ), '[]'::json),
      'top_tags', coalesce((
        SELECT json_agg(json_build_object('tag', tt."tag", 'count', tt."count",
          'total', tt."total") ORDER BY tt."count" DESC, tt."key")
        FROM top_tags tt
      ), '[]'::json),
      'series', json_build_object(
        'granularity', (SELECT "granularity" FROM g),
        'points', coalesce((
          SELECT json_agg(json_build_object('date', k."bucket", 'total',
            coalesce(s."total", 0), 'count', coalesce(s."count", 0)) ORDER BY k."bucket")
          FROM buckets k LEFT JOIN spent s ON s."bucket" = k."bucket"
        ), '[]'::json)
      )
    ) AS "statistics"
    FROM totals t`;
  return { sql, params };
}
