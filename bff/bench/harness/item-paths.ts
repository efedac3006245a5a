import type pg from 'pg';
import type { BenchContext } from './context.js';

/** Item ids the detail case goes round (random items of the big partner, not one hot row). */
const DETAIL_IDS = 1000;

/** The item detail case's paths: random items of the big partner, not one hot row. */
export async function itemDetailPaths(db: pg.Client, context: BenchContext): Promise<string[]> {
  const { dataset } = context;
  const ids = await db.query<{ id: string }>(
    `SELECT id FROM inventory_items TABLESAMPLE SYSTEM (1) REPEATABLE (8)
      WHERE partner_id = $1 LIMIT ${DETAIL_IDS}`,
    [dataset.partnerId],
  );
  const paths = ids.rows.map((row) => `/api/partners/${dataset.slug}/inventory/${row.id}`);
  if (paths.length === 0) throw new Error('no item of the big partner sampled');
  return paths;
}
