import { addDays } from '#src/common/partner-day.js';
/**
 * The overview computed the plain way: SQL group-bys over a partner's raw rows (claims, their
 * transition events, items, movements), none of the counters, rollups or trigger-kept tables the
 * overview reads. Slow at scale and obviously right: the tests hold the overview to it
 * (`test/overview.property.e2e-spec.ts`). Never used by the application.
 */

/** Runs one statement with positional parameters and answers its rows. */
export type ReferenceQuery = (
  sql: string,
  parameters: readonly unknown[],
) => Promise<Array<Record<string, unknown>>>;

/** The figures of docs/api.md, Overview (money as minor units). */
export interface ReferenceKpis {
  open_claims: { value: number; previous: number };
  open_claims_amount: { value: number; previous: number };
  awaiting_member: number;
  awaiting_staff: number;
  approved_30d: { value: number; previous: number };
  paid_30d: { value: number; previous: number };
  units_on_hand: { value: number; previous: number };
  value_on_hand: { value: number; previous: number };
  low_stock_items: number;
  out_of_stock_items: number;
}

/** An entry of the needs-attention list, as the reference lists it. */
export interface ReferenceAttention {
  kind: 'info_requested' | 'draft' | 'unclaimed_loss' | 'unclaimed_damage';
  id: string;
  deadline: string | null;
  daysLeft: number | null;
  itemId: string | null;
}

export interface ReferenceOverview {
  today: string;
  kpis: ReferenceKpis;
  /** The whole list, in its order. */
  needsAttention: ReferenceAttention[];
}

/** The partner's day of a timestamp column, and today, in the partner's time zone. */
const DAY = (column: string) => `(${column} AT TIME ZONE p.time_zone)::date`;

/** Whether claim `c` was open at the end of day `$3` (by its transition events). */
const OPEN_AT_END_OF = `
  EXISTS (SELECT 1 FROM claim_events e WHERE e.partner_id = c.partner_id AND e.claim_id = c.id
           AND e.kind = 'transition' AND e.to_status = 'submitted' AND ${DAY('e.at')} <= $3::date)
  AND NOT EXISTS (SELECT 1 FROM claim_events e WHERE e.partner_id = c.partner_id AND e.claim_id = c.id
           AND e.kind = 'transition' AND e.to_status IN ('withdrawn', 'rejected', 'paid')
           AND ${DAY('e.at')} <= $3::date)`;

const OPEN = `c.status IN ('submitted', 'in_review', 'info_requested', 'approved')`;

/** $1 partner, $2 today, $3 today − 30, $4 today − 60. */
const CLAIM_FIGURES = `
  SELECT
    count(*) FILTER (WHERE ${OPEN}) AS open_now,
    coalesce(sum(c.amount_claimed) FILTER (WHERE ${OPEN}), 0) AS open_amount_now,
    count(*) FILTER (WHERE ${OPEN_AT_END_OF}) AS open_then,
    coalesce(sum(c.amount_claimed) FILTER (WHERE ${OPEN_AT_END_OF}), 0) AS open_amount_then,
    count(*) FILTER (WHERE c.status IN ('info_requested', 'draft')) AS awaiting_member,
    count(*) FILTER (WHERE c.status IN ('submitted', 'in_review', 'approved')) AS awaiting_staff
  FROM claims c JOIN partners p ON p.id = c.partner_id
  WHERE c.partner_id = $1 AND $2::date IS NOT NULL AND $4::date IS NOT NULL`;

/** Approved and paid amounts by the day of their transition. $1 partner, $2 today, $3, $4 as above. */
const DECIDED_FIGURES = `
  SELECT
    coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'approved' AND ${DAY('e.at')} > $3::date AND ${DAY('e.at')} <= $2::date), 0) AS approved,
    coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'approved' AND ${DAY('e.at')} > $4::date AND ${DAY('e.at')} <= $3::date), 0) AS approved_previous,
    coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'paid' AND ${DAY('e.at')} > $3::date AND ${DAY('e.at')} <= $2::date), 0) AS paid,
    coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'paid' AND ${DAY('e.at')} > $4::date AND ${DAY('e.at')} <= $3::date), 0) AS paid_previous
  FROM claim_events e
  JOIN claims c ON c.partner_id = e.partner_id AND c.id = e.claim_id
  JOIN partners p ON p.id = e.partner_id
  WHERE e.partner_id = $1 AND e.kind = 'transition'`;

/** Stock now (the items) and at the end of day $3 (the movements up to it). */
const STOCK_FIGURES = `
  SELECT
    (SELECT coalesce(sum(i.on_hand), 0) FROM inventory_items i WHERE i.partner_id = $1) AS units,
    (SELECT coalesce(sum(i.on_hand::bigint * i.unit_value), 0) FROM inventory_items i WHERE i.partner_id = $1) AS value,
    (SELECT count(*) FROM inventory_items i WHERE i.partner_id = $1
        AND i.on_hand - i.reserved > 0 AND i.on_hand - i.reserved <= i.reorder_point) AS low,
    (SELECT count(*) FROM inventory_items i WHERE i.partner_id = $1
        AND i.on_hand - i.reserved <= 0) AS out,
    (SELECT coalesce(sum(m.quantity), 0) FROM inventory_movements m JOIN partners p ON p.id = m.partner_id
      WHERE m.partner_id = $1 AND ${DAY('m.occurred_at')} <= $3::date) AS units_then,
    (SELECT coalesce(sum(m.quantity::bigint * i.unit_value), 0)
       FROM inventory_movements m JOIN partners p ON p.id = m.partner_id
       JOIN inventory_items i ON i.partner_id = m.partner_id AND i.id = m.item_id
      WHERE m.partner_id = $1 AND ${DAY('m.occurred_at')} <= $3::date) AS value_then
  WHERE $2::date IS NOT NULL AND $4::date IS NOT NULL`;

/**
 * The needs-attention list: claims with information requested (no deadline, first), drafts (incident
 * date + 60), and every loss or damage no claim but a withdrawn one names whose occurred day + 60 is
 * not before today; then by deadline, then id. $1 partner, $2 today.
 */
const ATTENTION = `
  SELECT kind, id::text, deadline::text, item_id::text FROM (
    SELECT CASE c.status WHEN 'info_requested' THEN 'info_requested' ELSE 'draft' END AS kind,
           c.id, CASE WHEN c.status = 'info_requested' THEN NULL ELSE c.incident_date + 60 END AS deadline,
           c.item_id
      FROM claims c WHERE c.partner_id = $1 AND c.status IN ('draft', 'info_requested')
    UNION ALL
    SELECT 'unclaimed_' || m.kind, m.id, ${DAY('m.occurred_at')} + 60, m.item_id
      FROM inventory_movements m JOIN partners p ON p.id = m.partner_id
     WHERE m.partner_id = $1 AND m.kind IN ('loss', 'damage')
       AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.partner_id = m.partner_id
                        AND c.movement_id = m.id AND c.status <> 'withdrawn')
       AND ${DAY('m.occurred_at')} + 60 >= $2::date
  ) AS listed
  ORDER BY deadline IS NOT NULL, deadline, id`;

function number(row: Record<string, unknown> | undefined, column: string): number {
  const value = row?.[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  throw new Error(`reference: ${column} is not an integer (${String(value)})`);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The overview of `partnerId` at `now`, from its raw rows. */
export async function overviewReference(
  query: ReferenceQuery,
  partnerId: string,
  now: Date,
): Promise<ReferenceOverview> {
  const [partner] = await query(
    `SELECT ($2::timestamptz AT TIME ZONE p.time_zone)::date::text AS today
       FROM partners p WHERE p.id = $1`,
    [partnerId, now.toISOString()],
  );
  const today = partner?.today;
  if (typeof today !== 'string') throw new Error('reference: no such partner');
  const days = [partnerId, today, addDays(today, -30), addDays(today, -60)];
  const [claims] = await query(CLAIM_FIGURES, days);
  const [decided] = await query(DECIDED_FIGURES, days);
  const [stock] = await query(STOCK_FIGURES, days);
  const attention = await query(ATTENTION, [partnerId, today]);
  return {
    today,
    kpis: {
      open_claims: { value: number(claims, 'open_now'), previous: number(claims, 'open_then') },
      open_claims_amount: {
        value: number(claims, 'open_amount_now'),
        previous: number(claims, 'open_amount_then'),
      },
      awaiting_member: number(claims, 'awaiting_member'),
      awaiting_staff: number(claims, 'awaiting_staff'),
      approved_30d: {
        value: number(decided, 'approved'),
        previous: number(decided, 'approved_previous'),
      },
      paid_30d: { value: number(decided, 'paid'), previous: number(decided, 'paid_previous') },
      units_on_hand: { value: number(stock, 'units'), previous: number(stock, 'units_then') },
      value_on_hand: { value: number(stock, 'value'), previous: number(stock, 'value_then') },
      low_stock_items: number(stock, 'low'),
      out_of_stock_items: number(stock, 'out'),
    },
    needsAttention: attention.map((row) => {
      const deadline = typeof row.deadline === 'string' ? row.deadline : null;
      return {
        kind: row.kind as ReferenceAttention['kind'],
        id: String(row.id),
        deadline,
        daysLeft: deadline === null ? null : daysBetween(today, deadline),
        itemId: typeof row.item_id === 'string' ? row.item_id : null,
      };
    }),
  };
}
