import type { DataSource } from 'typeorm';

/**
 * The overview's trigger-kept tables recomputed from the raw rows, each row compared with the table
 * (migration 1795810000000-overview): whatever wrote the movements, claims and items (the API, the
 * demo loader, gen:data's bulk loads with the claims' indexes set aside), the tables must hold exactly
 * these. A count that fell to 0 stays as a row: only counts above 0 are compared.
 */
const EXPECTED: Record<string, { expected: string; actual: string }> = {
  unclaimed_movements: {
    expected: `
      SELECT m.id AS movement_id, m.partner_id, m.item_id, m.kind, m.quantity, m.occurred_at,
             (m.occurred_at AT TIME ZONE p.time_zone)::date + 60 AS deadline
        FROM inventory_movements m JOIN partners p ON p.id = m.partner_id
       WHERE m.partner_id = p.id AND m.kind IN ('loss', 'damage')
         AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.partner_id = m.partner_id
                          AND c.movement_id = m.id AND c.status <> 'withdrawn')`,
    actual: `SELECT movement_id, partner_id, item_id, kind, quantity, occurred_at, deadline
               FROM unclaimed_movements WHERE partner_id IS NOT NULL`,
  },
  unclaimed_movement_counts: {
    expected: `SELECT partner_id, deadline, count(*)::int AS movement_count
                 FROM unclaimed_movements WHERE partner_id IS NOT NULL GROUP BY 1, 2`,
    actual: `SELECT partner_id, deadline, movement_count FROM unclaimed_movement_counts
              WHERE partner_id IS NOT NULL AND movement_count <> 0`,
  },
  inventory_stock_counts: {
    expected: `
      SELECT i.partner_id,
             CASE WHEN i.on_hand - i.reserved <= 0 THEN 'out'
                  WHEN i.on_hand - i.reserved <= i.reorder_point THEN 'low' ELSE 'in' END AS state,
             count(*)::int AS item_count
        FROM inventory_items i WHERE i.partner_id IS NOT NULL GROUP BY 1, 2`,
    actual: `SELECT partner_id, state, item_count FROM inventory_stock_counts
              WHERE partner_id IS NOT NULL AND item_count <> 0`,
  },
};

/** Every row of the overview's tables that differs from its recomputation, as text. */
export async function overviewTableViolations(dataSource: DataSource): Promise<string[]> {
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
