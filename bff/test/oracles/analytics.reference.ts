import { SERIES, type SeriesKey } from '#src/analytics/analytics.series.js';

/**
 * The analytics and their top items computed the plain way: GROUP BY over the raw rows (claims,
 * claim_events, inventory_movements, inventory_items, partners), nothing read from the rollups or
 * `claims_submitted_at_idx`, each definition of docs/api.md (Analytics, Analytics top items) spelled in
 * SQL on its own. The property test holds the two endpoints to it point for point and item for item; a
 * benchmark can time it against them.
 *
 * Deliberately independent of the service where the definitions allow it: buckets come from
 * generate_series and date_trunc (not analytics.buckets.ts), a claim's submission day from its submit
 * event (not `claims.submitted_at`, which the rollup trigger and the top items read), the median from
 * percentile_cont, the stock from the items' on hand less each later movement.
 */

/** Anything that runs SQL with positional parameters: a DataSource, an EntityManager, a pg client. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface ReferenceQuery {
  from: string;
  to: string;
  granularity: 'day' | 'week' | 'month';
}

export interface ReferenceAnalytics {
  series: Array<{
    key: SeriesKey;
    points: Array<{ bucket: string; value: number | null }>;
  }>;
}

export interface ReferenceTopItem {
  item: { id: string; sku: string; name: string };
  claims: number;
  amountClaimed: number;
}

type Row = Record<string, unknown>;

const rowsOf = (raw: unknown): Row[] => (Array.isArray(raw) ? (raw as Row[]) : []);

/** A number of a row (bigint and numeric come as text); null stays null. */
function nullableNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

const BUCKETS = `
  tz AS (SELECT time_zone FROM partners WHERE id = $1),
  buckets AS (
    SELECT b::date AS bucket, greatest(b::date, $2::date) AS first_day,
           least((b + ('1 ' || $4)::interval)::date - 1, $3::date) AS last_day
      FROM generate_series(date_trunc($4, $2::date::timestamp), $3::date::timestamp, ('1 ' || $4)::interval) AS b
  ),
  transitions AS (
    SELECT e.claim_id, e.to_status, c.type, c.amount_claimed, c.amount_approved,
           (e.at AT TIME ZONE tz.time_zone)::date AS day
      FROM claim_events e
      JOIN claims c ON c.partner_id = e.partner_id AND c.id = e.claim_id
      CROSS JOIN tz
     WHERE e.partner_id = $1 AND e.kind = 'transition'
  ),
  claim_days AS (
    SELECT day,
           count(*) FILTER (WHERE to_status = 'submitted' AND type = 'lost') AS filed_lost,
           count(*) FILTER (WHERE to_status = 'submitted' AND type = 'damaged') AS filed_damaged,
           count(*) FILTER (WHERE to_status = 'submitted' AND type = 'shortage') AS filed_shortage,
           count(*) FILTER (WHERE to_status = 'submitted' AND type = 'other') AS filed_other,
           sum(amount_claimed) FILTER (WHERE to_status = 'submitted') AS amount_claimed,
           sum(amount_approved) FILTER (WHERE to_status = 'approved') AS amount_approved,
           sum(amount_approved) FILTER (WHERE to_status = 'paid') AS amount_paid,
           count(*) FILTER (WHERE to_status = 'approved') AS approved,
           count(*) FILTER (WHERE to_status = 'rejected') AS rejected
      FROM transitions GROUP BY day
  ),
  decisions AS MATERIALIZED (
    SELECT d.day, d.day - s.day AS days
      FROM transitions d JOIN transitions s ON s.claim_id = d.claim_id AND s.to_status = 'submitted'
     WHERE d.to_status IN ('approved', 'rejected')
  ),
  -- The median of each bucket's decisions, grouped once: a subquery per bucket scanned every decision
  -- once per bucket (and, \`decisions\` inlined, joined the transitions again each time: hours at a
  -- million claims). MATERIALIZED: the join once, hashed (inlined, it is planned as a nested loop).
  decision_medians AS (
    SELECT date_trunc($4, day::timestamp)::date AS bucket,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY days) AS median
      FROM decisions WHERE day BETWEEN $2::date AND $3::date
     GROUP BY 1
  ),
  movement_days AS (
    SELECT (m.occurred_at AT TIME ZONE tz.time_zone)::date AS day,
           sum(m.quantity::bigint) AS units, sum(m.quantity::bigint * i.unit_value) AS value,
           sum(-m.quantity::bigint) FILTER (WHERE m.kind = 'loss') AS units_lost,
           sum(-m.quantity::bigint) FILTER (WHERE m.kind = 'damage') AS units_damaged,
           sum(-m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'loss') AS value_lost,
           sum(-m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'damage') AS value_damaged
      FROM inventory_movements m
      JOIN inventory_items i ON i.partner_id = m.partner_id AND i.id = m.item_id
      CROSS JOIN tz
     WHERE m.partner_id = $1
     GROUP BY 1
  ),
  stock AS (
    SELECT coalesce(sum(on_hand), 0) AS units, coalesce(sum(on_hand::bigint * unit_value), 0) AS value
      FROM inventory_items WHERE partner_id = $1
  )`;

const SERIES_SQL = `
  WITH ${BUCKETS}
  SELECT b.bucket::text AS bucket,
         coalesce((SELECT sum(filed_lost) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS claims_filed_lost,
         coalesce((SELECT sum(filed_damaged) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS claims_filed_damaged,
         coalesce((SELECT sum(filed_shortage) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS claims_filed_shortage,
         coalesce((SELECT sum(filed_other) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS claims_filed_other,
         coalesce((SELECT sum(amount_claimed) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS amount_claimed,
         coalesce((SELECT sum(amount_approved) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS amount_approved,
         coalesce((SELECT sum(amount_paid) FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS amount_paid,
         (SELECT CASE WHEN coalesce(sum(approved + rejected), 0) = 0 THEN NULL
                      ELSE sum(approved)::float8 / sum(approved + rejected) END
            FROM claim_days WHERE day BETWEEN b.first_day AND b.last_day) AS approval_rate,
         (SELECT median FROM decision_medians WHERE bucket = b.bucket) AS median_days_to_decision,
         (SELECT units FROM stock)
           - coalesce((SELECT sum(units) FROM movement_days WHERE day > b.last_day), 0) AS units_on_hand,
         (SELECT value FROM stock)
           - coalesce((SELECT sum(value) FROM movement_days WHERE day > b.last_day), 0) AS value_on_hand,
         coalesce((SELECT sum(units_lost) FROM movement_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS units_lost,
         coalesce((SELECT sum(units_damaged) FROM movement_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS units_damaged,
         coalesce((SELECT sum(value_lost) FROM movement_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS value_lost,
         coalesce((SELECT sum(value_damaged) FROM movement_days WHERE day BETWEEN b.first_day AND b.last_day), 0) AS value_damaged
    FROM buckets b
   ORDER BY b.bucket`;

const TOP_ITEMS_SQL = `
  WITH tz AS (SELECT time_zone FROM partners WHERE id = $1)
  SELECT i.id, i.sku, i.name, count(*) AS claims, sum(c.amount_claimed) AS amount_claimed
    FROM claim_events e
    JOIN claims c ON c.partner_id = e.partner_id AND c.id = e.claim_id
    JOIN inventory_items i ON i.partner_id = c.partner_id AND i.id = c.item_id
    CROSS JOIN tz
   WHERE e.partner_id = $1 AND e.kind = 'transition' AND e.to_status = 'submitted'
     AND (e.at AT TIME ZONE tz.time_zone)::date BETWEEN $2::date AND $3::date
   GROUP BY i.id, i.sku, i.name
   ORDER BY sum(c.amount_claimed) DESC, i.sku
   LIMIT 10`;

/** The partner's analytics (every series) for the range, from the raw rows. */
export async function referenceAnalytics(
  sql: SqlRunner,
  partnerId: string,
  query: ReferenceQuery,
): Promise<ReferenceAnalytics> {
  const rows = rowsOf(
    await sql.query(SERIES_SQL, [partnerId, query.from, query.to, query.granularity]),
  );
  return {
    series: SERIES.map(({ key }) => ({
      key,
      points: rows.map((row) => ({ bucket: String(row.bucket), value: nullableNumber(row[key]) })),
    })),
  };
}

/** The partner's top items for the range's days (its granularity plays no part), from the raw rows. */
export async function referenceTopItems(
  sql: SqlRunner,
  partnerId: string,
  query: Pick<ReferenceQuery, 'from' | 'to'>,
): Promise<ReferenceTopItem[]> {
  const top = rowsOf(await sql.query(TOP_ITEMS_SQL, [partnerId, query.from, query.to]));
  return top.map((row) => ({
    item: { id: String(row.id), sku: String(row.sku), name: String(row.name) },
    claims: Number(row.claims),
    amountClaimed: Number(row.amount_claimed),
  }));
}
