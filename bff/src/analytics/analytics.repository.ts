import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLAIM_TYPES, type ClaimType } from '../claims/claim-lifecycle.js';
import { type Granularity, TOP_ITEMS } from './analytics.series.js';
import { type Row, rowsOf, text } from '../common/raw-rows.js';

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

/** A number of a row: int4 as a number, bigint and numeric sums as their text. */
function numberOf(row: Row, column: string): number {
  const value = row[column];
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  throw new Error(`${column} is not an integer`);
}

const FILED = CLAIM_TYPES.map(
  (type) => `sum(filed_count) FILTER (WHERE type = '${type}') AS filed_${type}`,
).join(', ');

/** A bucket's median: a day's from its histogram, a week's or a month's from its days' summed. */
const DECISIONS: Record<'day' | 'summed', string> = {
  day: `SELECT day::timestamp AS b, histogram_median(counts) AS median
          FROM claim_decision_histograms
         WHERE partner_id = $1 AND day BETWEEN $2::date AND $3::date`,
  summed: `SELECT date_trunc($4, day::timestamp) AS b, histogram_median(histogram_sum(counts)) AS median
             FROM claim_decision_histograms
            WHERE partner_id = $1 AND day BETWEEN $2::date AND $3::date
            GROUP BY 1`,
};

/**
 * The analytics' statement: each rollup summed by bucket (`b`, the bucket's first day), joined on the
 * bucket, and today's stock beside them; at least one row, for the stock, even when no bucket has a
 * figure (that row's sums are all null).
 */
const analyticsStatement = (decisions: string): string => `
  WITH claims AS (
    SELECT date_trunc($4, day::timestamp) AS b, ${FILED}, sum(filed_amount) AS filed_amount,
           sum(approved_count) AS approved_count, sum(approved_amount) AS approved_amount,
           sum(rejected_count) AS rejected_count, sum(paid_amount) AS paid_amount
      FROM claim_daily_stats
     WHERE partner_id = $1 AND day BETWEEN $2::date AND $3::date
     GROUP BY 1
  ), decisions AS (${decisions}
  ), movements AS (
    SELECT CASE WHEN day > $3::date THEN NULL ELSE date_trunc($4, day::timestamp) END AS b,
           sum(units_delta) AS units_delta, sum(value_delta) AS value_delta,
           sum(lost_units) AS lost_units, sum(lost_value) AS lost_value,
           sum(damaged_units) AS damaged_units, sum(damaged_value) AS damaged_value
      FROM inventory_daily_stats
     WHERE partner_id = $1 AND day >= $2::date
     GROUP BY 1
  ), buckets AS (
    SELECT b::date::text AS bucket, *
      FROM claims FULL JOIN decisions USING (b) FULL JOIN movements USING (b)
  )
  SELECT coalesce(v.version, 0)::text AS version, s.units AS stock_units, s.value AS stock_value,
         buckets.*
    FROM (SELECT $1::uuid AS partner_id) AS partner
    LEFT JOIN analytics_versions AS v ON v.partner_id = partner.partner_id
    LEFT JOIN inventory_stock_totals AS s ON s.partner_id = partner.partner_id
    LEFT JOIN buckets ON true`;

const STATEMENTS = {
  day: analyticsStatement(DECISIONS.day),
  summed: analyticsStatement(DECISIONS.summed),
};

/**
 * The analytics' reads (docs/api.md, Analytics): the rollup tables, a few rows per bucket whatever the
 * partner's size, and the stock of today (one row of `inventory_stock_totals`), in one statement, so
 * the stock of today and the deltas taken off it are of one snapshot; and, for their own endpoint, the
 * top items (the claims submitted in the range, through `claims_submitted_at_idx`), one statement.
 * Every statement is scoped by partner.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async read(partnerId: string, range: AnalyticsRange): Promise<AnalyticsRows> {
    const rows = rowsOf(
      await this.dataSource.query(
        range.granularity === 'day' ? STATEMENTS.day : STATEMENTS.summed,
        [partnerId, range.from, range.to, range.granularity],
      ),
    );
    const first = rows[0];
    const stock = {
      units: first === undefined ? 0 : numberOf(first, 'stock_units'),
      value: first === undefined ? 0 : numberOf(first, 'stock_value'),
    };
    return {
      stock,
      version: first === undefined ? '0' : text(first, 'version'),
      buckets: rows.map((row) => ({
        bucket: row.bucket === null ? null : text(row, 'bucket'),
        filedCount: Object.fromEntries(
          CLAIM_TYPES.map((type) => [type, numberOf(row, `filed_${type}`)]),
        ) as Record<ClaimType, number>,
        filedAmount: numberOf(row, 'filed_amount'),
        approvedCount: numberOf(row, 'approved_count'),
        approvedAmount: numberOf(row, 'approved_amount'),
        rejectedCount: numberOf(row, 'rejected_count'),
        paidAmount: numberOf(row, 'paid_amount'),
        median: row.median === null ? null : Number(text(row, 'median')),
        unitsDelta: numberOf(row, 'units_delta'),
        valueDelta: numberOf(row, 'value_delta'),
        lostUnits: numberOf(row, 'lost_units'),
        lostValue: numberOf(row, 'lost_value'),
        damagedUnits: numberOf(row, 'damaged_units'),
        damagedValue: numberOf(row, 'damaged_value'),
      })),
    };
  }

  /** The version of the partner's rollups now (`analytics_versions`; 0 before any change). */
  async version(partnerId: string): Promise<string> {
    const [row] = rowsOf(
      await this.dataSource.query(
        `SELECT coalesce((SELECT version FROM analytics_versions WHERE partner_id = $1), 0)::text AS version`,
        [partnerId],
      ),
    );
    return row === undefined ? '0' : text(row, 'version');
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
  async topItems(partnerId: string, days: AnalyticsDays): Promise<TopItemRow[]> {
    const rows = rowsOf(
      await this.dataSource.query(
        `SELECT i.id, i.sku, i.name, top.claims, top.amount_claimed
           FROM (SELECT c.item_id, count(*) AS claims, sum(c.amount_claimed) AS amount_claimed
                   FROM claims c
                  WHERE c.partner_id = $1 AND c.submitted_at IS NOT NULL AND c.item_id IS NOT NULL
                    AND c.submitted_at >= ($2::date - 1)::timestamp AT TIME ZONE 'UTC'
                    AND c.submitted_at < ($3::date + 2)::timestamp AT TIME ZONE 'UTC'
                    AND (c.submitted_at >= ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
                           AND c.submitted_at < $3::date::timestamp AT TIME ZONE 'UTC'
                         OR (c.submitted_at AT TIME ZONE $4)::date BETWEEN $2::date AND $3::date)
                  GROUP BY c.item_id
                  ORDER BY amount_claimed DESC
                  FETCH FIRST ${TOP_ITEMS} ROWS WITH TIES) AS top
           JOIN inventory_items i ON i.partner_id = $1 AND i.id = top.item_id
          ORDER BY top.amount_claimed DESC, i.sku
          LIMIT ${TOP_ITEMS}`,
        [partnerId, days.from, days.to, days.timeZone],
      ),
    );
    return rows.map((row) => ({
      id: text(row, 'id'),
      sku: text(row, 'sku'),
      name: text(row, 'name'),
      claims: numberOf(row, 'claims'),
      amountClaimed: numberOf(row, 'amount_claimed'),
    }));
  }
}
