import type { DataSource } from 'typeorm';

/**
 * The dashboard rollups recomputed from the raw rows by GROUP BY, each row compared with the table the
 * triggers keep (migration 1795800000000-dashboard-rollups, and the staff summary's counter of
 * 1797000000000-staff-summary-counters): whatever wrote the events and movements
 * (the API, the demo loader, gen:data's bulk loads), the tables must hold exactly these sums. A
 * submission's day is taken from the claim's submit event here (the trigger reads
 * `claims.submitted_at`): a loader that wrote the two apart is caught too.
 */
const EXPECTED: Record<string, { expected: string; actual: string }> = {
  claim_daily_stats: {
    expected: `
      SELECT e.partner_id, (e.at AT TIME ZONE p.time_zone)::date AS day, c.type,
             count(*) FILTER (WHERE e.to_status = 'submitted')::int AS filed_count,
             coalesce(sum(c.amount_claimed) FILTER (WHERE e.to_status = 'submitted'), 0)::bigint AS filed_amount,
             count(*) FILTER (WHERE e.to_status = 'approved')::int AS approved_count,
             coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'approved'), 0)::bigint AS approved_amount,
             count(*) FILTER (WHERE e.to_status = 'rejected')::int AS rejected_count,
             count(*) FILTER (WHERE e.to_status = 'paid')::int AS paid_count,
             coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'paid'), 0)::bigint AS paid_amount,
             count(*) FILTER (WHERE e.to_status IN ('withdrawn', 'rejected', 'paid'))::int AS closed_count,
             coalesce(sum(c.amount_claimed) FILTER (WHERE e.to_status IN ('withdrawn', 'rejected', 'paid')), 0)::bigint AS closed_amount
        FROM claim_events e
        JOIN claims c ON c.partner_id = e.partner_id AND c.id = e.claim_id
        JOIN partners p ON p.id = e.partner_id
       WHERE e.partner_id = p.id AND e.kind = 'transition'
         AND e.to_status IN ('submitted', 'approved', 'rejected', 'paid', 'withdrawn')
       GROUP BY 1, 2, 3`,
    actual: `SELECT partner_id, day, type, filed_count, filed_amount, approved_count, approved_amount,
                    rejected_count, paid_count, paid_amount, closed_count, closed_amount
               FROM claim_daily_stats WHERE partner_id IS NOT NULL`,
  },
  claim_decision_histograms: {
    expected: `
      SELECT d.partner_id, (d.at AT TIME ZONE p.time_zone)::date AS day,
             (d.at AT TIME ZONE p.time_zone)::date - (s.at AT TIME ZONE p.time_zone)::date AS days_to_decision,
             count(*)::int AS decision_count
        FROM claim_events d
        JOIN claim_events s ON s.partner_id = d.partner_id AND s.claim_id = d.claim_id
         AND s.kind = 'transition' AND s.to_status = 'submitted'
        JOIN partners p ON p.id = d.partner_id
       WHERE d.partner_id = p.id AND d.kind = 'transition' AND d.to_status IN ('approved', 'rejected')
       GROUP BY 1, 2, 3`,
    // The histogram's subscripts are the days (NULL where none).
    actual: `SELECT partner_id, day, days AS days_to_decision, counts[days] AS decision_count
               FROM claim_decision_histograms, generate_subscripts(counts, 1) AS days
              WHERE partner_id IS NOT NULL AND counts[days] IS NOT NULL`,
  },
  // The staff summary's waiting claims per UTC hour of `waiting_since` and shard of the id (migration
  // 1797000000000-staff-summary-counters): no row for an hour in which no claim waits now.
  claim_waiting_hours: {
    expected: `
      SELECT date_trunc('hour', waiting_since, 'UTC') AS hour,
             mod(get_byte(uuid_send(id), 15), 8)::smallint AS shard, count(*)::int AS claim_count
        FROM claims WHERE partner_id IS NOT NULL AND status IN ('submitted', 'in_review')
       GROUP BY 1, 2`,
    actual: `SELECT hour, shard, claim_count FROM claim_waiting_hours`,
  },
  inventory_daily_stats: {
    expected: `
      SELECT m.partner_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day,
             sum(m.quantity)::bigint AS units_delta,
             sum(m.quantity::bigint * i.unit_value)::bigint AS value_delta,
             coalesce(sum(-m.quantity) FILTER (WHERE m.kind = 'loss'), 0)::bigint AS lost_units,
             coalesce(sum(-m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'loss'), 0)::bigint AS lost_value,
             coalesce(sum(-m.quantity) FILTER (WHERE m.kind = 'damage'), 0)::bigint AS damaged_units,
             coalesce(sum(-m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'damage'), 0)::bigint AS damaged_value
        FROM inventory_movements m
        JOIN inventory_items i ON i.partner_id = m.partner_id AND i.id = m.item_id
        JOIN partners p ON p.id = m.partner_id
       WHERE m.partner_id = p.id
       GROUP BY 1, 2`,
    actual: `SELECT partner_id, day, units_delta, value_delta, lost_units, lost_value, damaged_units,
                    damaged_value
               FROM inventory_daily_stats WHERE partner_id IS NOT NULL`,
  },
  inventory_stock_totals: {
    expected: `
      SELECT partner_id, sum(on_hand)::bigint AS units, sum(on_hand::bigint * unit_value)::bigint AS value
        FROM inventory_items WHERE partner_id IS NOT NULL GROUP BY partner_id`,
    actual: `SELECT partner_id, units, value FROM inventory_stock_totals
              WHERE partner_id IS NOT NULL AND (units <> 0 OR value <> 0 OR partner_id IN
                (SELECT partner_id FROM inventory_items WHERE partner_id IS NOT NULL))`,
  },
};

/** Every rollup row that differs from its recomputation (`missing` or `unexpected`), as text. */
export async function rollupViolations(dataSource: DataSource): Promise<string[]> {
  const found: string[] = [];
  for (const [table, { expected, actual }] of Object.entries(EXPECTED)) {
    const rows = (await dataSource.query(
      `WITH expected AS (${expected}), actual AS (${actual})
       SELECT 'missing' AS what, x::text AS row FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual) x
       UNION ALL
       SELECT 'unexpected', x::text FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected) x`,
    )) as Array<{ what: string; row: string }>;
    found.push(...rows.map((row) => `${table}: ${row.what} ${row.row}`));
  }
  return found;
}
