import type { DataSource } from 'typeorm';

/**
 * What must hold of any inventory the generator wrote (docs/product.md §4), as one list of violations
 * (empty when all is well): on hand and damaged are the sums of the item's movements, on hand never
 * goes below 0 when the movements are replayed in time order, and the facet counts equal the items'
 * group counts. The signs per kind and the quantities' ranges are the schema's own CHECKs.
 */
export async function inventoryViolations(dataSource: DataSource): Promise<string[]> {
  const violations: string[] = [];
  const sums = (await dataSource.query(
    `SELECT i.sku, i.on_hand, i.damaged, m.on_hand AS moved, m.damaged AS damaged_moved
       FROM inventory_items i
       LEFT JOIN (SELECT partner_id, item_id, sum(quantity)::int AS on_hand,
                         coalesce(-sum(quantity) FILTER (WHERE kind = 'damage'), 0)::int AS damaged
                    FROM inventory_movements GROUP BY partner_id, item_id) m
         ON m.partner_id = i.partner_id AND m.item_id = i.id
      WHERE i.on_hand IS DISTINCT FROM coalesce(m.on_hand, 0) OR i.damaged IS DISTINCT FROM coalesce(m.damaged, 0)
      LIMIT 5`,
  )) as Array<Record<string, unknown>>;
  for (const row of sums)
    violations.push(`quantities not the sum of the movements: ${JSON.stringify(row)}`);

  const negative = (await dataSource.query(
    `SELECT partner_id, item_id, occurred_at, running FROM (
       SELECT partner_id, item_id, occurred_at,
              sum(quantity) OVER (PARTITION BY partner_id, item_id ORDER BY occurred_at, id) AS running
         FROM inventory_movements) r
      WHERE running < 0 LIMIT 5`,
  )) as Array<Record<string, unknown>>;
  for (const row of negative)
    violations.push(`on hand below 0 in time order: ${JSON.stringify(row)}`);

  const ties = (await dataSource.query(
    `SELECT partner_id, item_id, occurred_at FROM inventory_movements
      GROUP BY partner_id, item_id, occurred_at HAVING count(*) > 1 LIMIT 5`,
  )) as Array<Record<string, unknown>>;
  for (const row of ties)
    violations.push(`two movements of one item at one instant: ${JSON.stringify(row)}`);

  const facets = (await dataSource.query(
    `WITH actual AS (
       SELECT partner_id, 'category' AS facet, category AS value, count(*)::int AS item_count
         FROM inventory_items GROUP BY partner_id, category
       UNION ALL
       SELECT partner_id, 'warehouse', warehouse, count(*)::int FROM inventory_items GROUP BY partner_id, warehouse),
     kept AS (SELECT partner_id, facet, value, item_count FROM inventory_facet_counts WHERE item_count > 0)
     (SELECT 'missing' AS problem, * FROM (SELECT * FROM actual EXCEPT SELECT * FROM kept) a)
     UNION ALL
     (SELECT 'extra', * FROM (SELECT * FROM kept EXCEPT SELECT * FROM actual) b)
     LIMIT 5`,
  )) as Array<Record<string, unknown>>;
  for (const row of facets) violations.push(`facet count differs: ${JSON.stringify(row)}`);
  return violations;
}
