import { Injectable } from '@nestjs/common';
import { CLAIM_TYPES, type ClaimType } from '#src/claims/claim-lifecycle.js';
import { Database } from '#src/database/database.js';
import { prepared, raw, sql } from '#src/database/sql.js';
import { fields, read, selection, type ValueReader } from '#src/database/table.js';
import { type Granularity, TOP_ITEMS } from './analytics.series.js';

/** Days in the partner's time zone, inclusive, and that time zone. */
export interface AnalyticsDays {
  from: string;
  to: string;
  timeZone: string;
}

/** The range of an analytics read: its days, bucketed by the granularity. */
export interface AnalyticsRange extends AnalyticsDays {
  granularity: Granularity;
}

/**
 * A bucket's figures, summed from the rollups over the bucket's days (docs/api.md, Analytics): the
 * claims filed (per type), approved, rejected and paid (`claim_daily_stats`), the median days to
 * decision (`claim_decision_histograms`; null without a decision) and the movements' sums
 * (`inventory_daily_stats`). Bucket null: every day after the range, whose movements alone count
 * (the stock at the end of each bucket is today's less the movements after it).
 */
export interface BucketRow {
  bucket: string | null;
  filedCount: Record<ClaimType, number>;
  filedAmount: number;
  approvedCount: number;
  approvedAmount: number;
  rejectedCount: number;
  paidAmount: number;
  median: number | null;
  unitsDelta: number;
  valueDelta: number;
  lostUnits: number;
  lostValue: number;
  damagedUnits: number;
  damagedValue: number;
}

export interface TopItemRow {
  id: string;
  sku: string;
  name: string;
  claims: number;
  amountClaimed: number;
}

/** Everything an analytics answer is made of, read by one statement (one snapshot). */
export interface AnalyticsRows {
  /** The buckets with a figure, in no order, and at most one row of bucket null. */
  buckets: BucketRow[];
  /** Today's stock (`inventory_stock_totals`). */
  stock: { units: number; value: number };
  /** The version of the partner's rollups these were read at (`analytics_versions`). */
  version: string;
}

/** A sum of a rollup (int4, or bigint and numeric as their text); 0 where nothing was summed. */
const sum: ValueReader<number> = (value, name) => (value === null ? 0 : read.integer(value, name));

const FILED = raw(
  CLAIM_TYPES.map(
    (type) => `sum(filed_count) FILTER (WHERE type = '${type}') AS filed_${type}`,
  ).join(', '),
);

/** The claims filed per type in a bucket (`filed_<type>`). */
const FILED_COUNTS = fields(
  ((): { [K in `filed_${ClaimType}`]: readonly [string, ValueReader<number>] } => {
    const declared = {} as { [K in `filed_${ClaimType}`]: readonly [string, ValueReader<number>] };
    for (const type of CLAIM_TYPES) declared[`filed_${type}`] = [`buckets.filed_${type}`, sum];
    return declared;
  })(),
);

/** A row of the analytics' statement: a bucket's sums, with the version and today's stock. */
const ANALYTICS = selection(
  fields({
    version: ['coalesce(v.version, 0)::text', read.text],
    stockUnits: ['s.units', sum],
    stockValue: ['s.value', sum],
    bucket: ['buckets.bucket', read.nullable(read.text)],
    filedAmount: ['buckets.filed_amount', sum],
    approvedCount: ['buckets.approved_count', sum],
    approvedAmount: ['buckets.approved_amount', sum],
    rejectedCount: ['buckets.rejected_count', sum],
    paidAmount: ['buckets.paid_amount', sum],
    median: ['buckets.median', read.nullable(read.text)],
    unitsDelta: ['buckets.units_delta', sum],
    valueDelta: ['buckets.value_delta', sum],
    lostUnits: ['buckets.lost_units', sum],
    lostValue: ['buckets.lost_value', sum],
    damagedUnits: ['buckets.damaged_units', sum],
    damagedValue: ['buckets.damaged_value', sum],
  }),
  FILED_COUNTS,
);
type AnalyticsSelected = ReturnType<typeof ANALYTICS.read>;

/** The values of the analytics' statement. */
interface AnalyticsValues {
  partnerId: string;
  from: string;
  to: string;
  granularity: Granularity;
}

/** A bucket's median: a day's from its histogram, a week's or a month's from its days' summed. */
const DECISIONS = {
  day: (p: AnalyticsValues) => sql`SELECT day::timestamp AS b, histogram_median(counts) AS median
          FROM claim_decision_histograms
         WHERE partner_id = ${p.partnerId} AND day BETWEEN ${p.from}::date AND ${p.to}::date`,
  summed: (
    p: AnalyticsValues,
  ) => sql`SELECT date_trunc(${p.granularity}, day::timestamp) AS b, histogram_median(histogram_sum(counts)) AS median
             FROM claim_decision_histograms
            WHERE partner_id = ${p.partnerId} AND day BETWEEN ${p.from}::date AND ${p.to}::date
            GROUP BY 1`,
};

/**
 * The analytics' statement, built once per way of taking the median: each rollup summed by bucket
 * (`b`, the bucket's first day), joined on the bucket, and today's stock beside them; at least one
 * row, for the stock, even when no bucket has a figure (that row's sums are all null).
 */
const analyticsStatement = (decisions: keyof typeof DECISIONS) =>
  prepared<AnalyticsValues>(
    (p) => sql`
  WITH claims AS (
    SELECT date_trunc(${p.granularity}, day::timestamp) AS b, ${FILED}, sum(filed_amount) AS filed_amount,
           sum(approved_count) AS approved_count, sum(approved_amount) AS approved_amount,
           sum(rejected_count) AS rejected_count, sum(paid_amount) AS paid_amount
      FROM claim_daily_stats
     WHERE partner_id = ${p.partnerId} AND day BETWEEN ${p.from}::date AND ${p.to}::date
     GROUP BY 1
  ), decisions AS (${DECISIONS[decisions](p)}
  ), movements AS (
    SELECT CASE WHEN day > ${p.to}::date THEN NULL ELSE date_trunc(${p.granularity}, day::timestamp) END AS b,
           sum(units_delta) AS units_delta, sum(value_delta) AS value_delta,
           sum(lost_units) AS lost_units, sum(lost_value) AS lost_value,
           sum(damaged_units) AS damaged_units, sum(damaged_value) AS damaged_value
      FROM inventory_daily_stats
     WHERE partner_id = ${p.partnerId} AND day >= ${p.from}::date
     GROUP BY 1
  ), buckets AS (
    SELECT b::date::text AS bucket, *
      FROM claims FULL JOIN decisions USING (b) FULL JOIN movements USING (b)
  )
  SELECT ${ANALYTICS.list}
    FROM (SELECT ${p.partnerId}::uuid AS partner_id) AS partner
    LEFT JOIN analytics_versions AS v ON v.partner_id = partner.partner_id
    LEFT JOIN inventory_stock_totals AS s ON s.partner_id = partner.partner_id
    LEFT JOIN buckets ON true`,
  );

const STATEMENTS = {
  day: analyticsStatement('day'),
  summed: analyticsStatement('summed'),
};

const VERSION = prepared<{ partnerId: string }>(
  (p) =>
    sql`SELECT coalesce((SELECT version FROM analytics_versions WHERE partner_id = ${p.partnerId}), 0)::text AS version`,
);
const VERSION_READ = fields({ version: ['version', read.text] });

/** A top item as its statement selects it. */
const TOP_ITEM = fields({
  id: ['i.id', read.text],
  sku: ['i.sku', read.text],
  name: ['i.name', read.text],
  claims: ['top.claims', sum],
  amountClaimed: ['top.amount_claimed', sum],
});

/**
 * The top items' statement (see `topItems`): the claims of the range's instants widened by a day
 * each way, its margins told by the time zone, grouped by item, the ten largest joined to their item.
 */
const TOP_ITEMS_STATEMENT = prepared<AnalyticsDays & { partnerId: string }>(
  (p) => sql`SELECT ${TOP_ITEM.list}
           FROM (SELECT c.item_id, count(*) AS claims, sum(c.amount_claimed) AS amount_claimed
                   FROM claims c
                  WHERE c.partner_id = ${p.partnerId} AND c.submitted_at IS NOT NULL AND c.item_id IS NOT NULL
                    AND c.submitted_at >= (${p.from}::date - 1)::timestamp AT TIME ZONE 'UTC'
                    AND c.submitted_at < (${p.to}::date + 2)::timestamp AT TIME ZONE 'UTC'
                    AND (c.submitted_at >= (${p.from}::date + 1)::timestamp AT TIME ZONE 'UTC'
                           AND c.submitted_at < ${p.to}::date::timestamp AT TIME ZONE 'UTC'
                         OR (c.submitted_at AT TIME ZONE ${p.timeZone})::date BETWEEN ${p.from}::date AND ${p.to}::date)
                  GROUP BY c.item_id
                  ORDER BY amount_claimed DESC
                  FETCH FIRST ${raw(String(TOP_ITEMS))} ROWS WITH TIES) AS top
           JOIN inventory_items i ON i.partner_id = ${p.partnerId} AND i.id = top.item_id
          ORDER BY top.amount_claimed DESC, i.sku
          LIMIT ${raw(String(TOP_ITEMS))}`,
);

/**
 * The analytics' reads (docs/api.md, Analytics): the rollup tables, a few rows per bucket whatever the
 * partner's size, and the stock of today (one row of `inventory_stock_totals`), in one statement, so
 * the stock of today and the deltas taken off it are of one snapshot; and, for their own endpoint, the
 * top items (the claims submitted in the range, through `claims_submitted_at_idx`), one statement.
 * Every statement is built once (constant text, values as parameters) and scoped by partner.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  async read(partnerId: string, range: AnalyticsRange): Promise<AnalyticsRows> {
    const statement = range.granularity === 'day' ? STATEMENTS.day : STATEMENTS.summed;
    const rows = await this.db.rows(
      statement({ partnerId, from: range.from, to: range.to, granularity: range.granularity }),
      ANALYTICS.read,
    );
    const first = rows[0];
    return {
      stock: { units: first?.stockUnits ?? 0, value: first?.stockValue ?? 0 },
      version: first?.version ?? '0',
      buckets: rows.map(bucketOf),
    };
  }

  /** The version of the partner's rollups now (`analytics_versions`; 0 before any change). */
  async version(partnerId: string): Promise<string> {
    return (await this.db.one(VERSION({ partnerId }), VERSION_READ.read)).version;
  }

  /**
   * The 10 items with the most amount claimed by claims submitted on the range's days (partner time),
   * ties by SKU (docs/api.md, Analytics), in one statement (docs/decisions.md, "The top items'
   * statement is planned on the range's real size"):
   * - the claims are an index-only range scan of `claims_submitted_at_idx` (partner, submitted_at,
   *   including item and amount): the range's instants widened by a day each way (any time zone's
   *   midnight is within it). An instant from the second UTC midnight of the range to its last one is
   *   on one of the range's days in every time zone (offsets are within ±14 hours); only the margins
   *   are told by the time zone, so the planner sees the range's real size (a filter on the local date
   *   alone is estimated at 0.5 % of the rows: it chose a sequential scan and sorted groups) and most
   *   rows skip the conversion;
   * - the sums are grouped by item, and only the ten largest (with every sum tied with the tenth) are
   *   joined to their item for its SKU and name: joining every claimed item first cost one probe of
   *   `inventory_items` per item (half a million at a million claims).
   */
  topItems(partnerId: string, days: AnalyticsDays): Promise<TopItemRow[]> {
    return this.db.rows(
      TOP_ITEMS_STATEMENT({ partnerId, from: days.from, to: days.to, timeZone: days.timeZone }),
      TOP_ITEM.read,
    );
  }
}

function bucketOf(row: AnalyticsSelected): BucketRow {
  return {
    bucket: row.bucket,
    filedCount: {
      lost: row.filed_lost,
      damaged: row.filed_damaged,
      shortage: row.filed_shortage,
      other: row.filed_other,
    },
    filedAmount: row.filedAmount,
    approvedCount: row.approvedCount,
    approvedAmount: row.approvedAmount,
    rejectedCount: row.rejectedCount,
    paidAmount: row.paidAmount,
    median: row.median === null ? null : Number(row.median),
    unitsDelta: row.unitsDelta,
    valueDelta: row.valueDelta,
    lostUnits: row.lostUnits,
    lostValue: row.lostValue,
    damagedUnits: row.damagedUnits,
    damagedValue: row.damagedValue,
  };
}
