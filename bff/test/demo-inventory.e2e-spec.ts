import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { DEMO_ITEM_COUNTS, DEMO_NAMED_ITEMS } from '../src/database/seed/demo-inventory.js';
import { loadDemoData } from '../src/database/seed/demo-data.js';
import { MOVEMENT_KINDS } from '../src/inventory/inventory-movement.entity.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { inventoryViolations } from './support/inventory-invariants.js';

/** The demo inventory as the embedded default loads it (PGlite; PostgreSQL with TEST_DATABASE_URL). */
describe('the demo inventory', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const loadedAt = new Date();

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await startTestDatabase();
    dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolSize: 2, migrationsRun: true }),
    );
    await dataSource.initialize();
    expect(await loadDemoData(dataSource, loadedAt)).toBe('loaded');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  const perPartner = async <T>(sql: string): Promise<Array<T & { slug: string }>> =>
    (await dataSource.query(
      `SELECT p.slug, x.* FROM partners p CROSS JOIN LATERAL (${sql}) x ORDER BY p.slug`,
    )) as Array<T & { slug: string }>;

  it('holds a few hundred items per partner, each one the sum of its movements', async () => {
    const counts = await perPartner<{ items: number }>(
      `SELECT count(*)::int AS items FROM inventory_items i WHERE i.partner_id = p.id`,
    );
    expect(Object.fromEntries(counts.map((row) => [row.slug, row.items]))).toEqual(
      DEMO_ITEM_COUNTS,
    );
    expect(await inventoryViolations(dataSource)).toEqual([]);
  });

  it('has every kind of movement over 18 months, and losses and damages in the filing window', async () => {
    const rows = await perPartner<{
      kinds: string[];
      oldest_days: number;
      recent: number;
      closing: number;
    }>(
      `SELECT array_agg(DISTINCT m.kind ORDER BY m.kind) AS kinds,
              floor(extract(epoch FROM $1::timestamptz - min(m.occurred_at)) / 86400)::int AS oldest_days,
              count(*) FILTER (WHERE m.kind IN ('loss', 'damage')
                AND m.occurred_at > $1::timestamptz - interval '60 days')::int AS recent,
              count(*) FILTER (WHERE m.kind IN ('loss', 'damage')
                AND m.occurred_at BETWEEN $1::timestamptz - interval '60 days'
                                      AND $1::timestamptz - interval '50 days')::int AS closing
         FROM inventory_movements m WHERE m.partner_id = p.id`.replaceAll(
        '$1',
        `'${loadedAt.toISOString()}'`,
      ),
    );
    for (const row of rows) {
      expect(row.kinds).toEqual([...MOVEMENT_KINDS].sort());
      expect(row.oldest_days).toBeGreaterThanOrEqual(500);
      expect(row.oldest_days).toBeLessThanOrEqual(550);
      expect(row.recent).toBeGreaterThanOrEqual(10);
      expect(row.closing).toBeGreaterThanOrEqual(2);
    }
  });

  it('has items in stock, low, out of stock and discontinued in every partner', async () => {
    const rows = await perPartner<{
      in: number;
      low: number;
      out: number;
      discontinued: number;
      no_barcode: number;
    }>(
      `SELECT count(*) FILTER (WHERE on_hand - reserved > reorder_point)::int AS in,
              count(*) FILTER (WHERE on_hand - reserved > 0 AND on_hand - reserved <= reorder_point)::int AS low,
              count(*) FILTER (WHERE on_hand - reserved <= 0)::int AS out,
              count(*) FILTER (WHERE status = 'discontinued')::int AS discontinued,
              count(*) FILTER (WHERE barcode IS NULL)::int AS no_barcode
         FROM inventory_items i WHERE i.partner_id = p.id`,
    );
    for (const row of rows) {
      const total = row.in + row.low + row.out;
      expect(row.in / total).toBeGreaterThan(0.6);
      expect(row.low).toBeGreaterThanOrEqual(5);
      expect(row.out).toBeGreaterThanOrEqual(5);
      expect(row.discontinued).toBeGreaterThanOrEqual(3);
      expect(row.no_barcode).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the named items the docs list', async () => {
    for (const [slug, named] of Object.entries(DEMO_NAMED_ITEMS)) {
      for (const item of named) {
        const [row] = (await dataSource.query(
          `SELECT i.name, i.category, i.warehouse, i.barcode, i.status,
                  CASE WHEN i.on_hand - i.reserved <= 0 THEN 'out'
                       WHEN i.on_hand - i.reserved <= i.reorder_point THEN 'low' ELSE 'in' END AS state,
                  (SELECT json_agg(json_build_object('kind', m.kind, 'quantity', m.quantity,
                          'days', floor(extract(epoch FROM $3::timestamptz - m.occurred_at) / 86400)))
                     FROM inventory_movements m
                    WHERE m.partner_id = i.partner_id AND m.item_id = i.id
                      AND m.kind IN ('loss', 'damage') AND m.occurred_at > $3::timestamptz - interval '60 days'
                  ) AS incidents
             FROM inventory_items i JOIN partners p ON p.id = i.partner_id
            WHERE p.slug = $1 AND i.partner_id = p.id AND i.sku = $2`,
          [slug, item.sku, loadedAt.toISOString()],
        )) as Array<Record<string, unknown>>;
        expect(row).toMatchObject({
          name: item.name,
          category: item.category,
          warehouse: item.warehouse,
          barcode: item.barcode,
          status: item.discontinued === true ? 'discontinued' : 'active',
          state: item.state,
        });
        if (item.incident !== undefined) {
          expect(row?.incidents).toContainEqual({
            kind: item.incident.kind,
            quantity: -item.incident.quantity,
            days: item.incident.daysAgo,
          });
        }
      }
    }
  });

  it('is never loaded into a database that holds data', async () => {
    expect(await loadDemoData(dataSource)).toBe('skipped-not-empty');
    const [{ items }] = (await dataSource.query(
      `SELECT count(*)::int AS items FROM inventory_items WHERE partner_id IS NOT NULL`,
    )) as [{ items: number }];
    expect(items).toBe(750);
  });
});
