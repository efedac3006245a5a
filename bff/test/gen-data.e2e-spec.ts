import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { DEMO_PASSWORD } from '../src/database/seed/demo-data.js';
import {
  GenDataRefusal,
  SCALE_DATA_DEFAULTS,
  type ScaleDataOptions,
  generateScaleData,
  targetDatabaseUrl,
} from '../src/database/seed/scale-data.js';
import { verifyPassword } from '../src/users/password-hash.js';
import { MOVEMENT_KINDS } from '../src/inventory/inventory-movement.entity.js';
import { inventoryViolations } from './support/inventory-invariants.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * `gen:data` at a size CI affords: the path of the CLI (migrations, partners and members, COPY with
 * the indexes and keys set aside and put back, ANALYZE), then the same invariants as the demo data.
 * Worker threads need the built files: here the batches are generated on the test's thread. PGlite's
 * socket server does not speak COPY FROM STDIN (the reason gen:data wants a real PostgreSQL): without
 * TEST_DATABASE_URL the same path runs with multi-row INSERTs.
 */
const method = process.env.TEST_DATABASE_URL ? 'copy' : 'insert';

describe('gen:data', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const lines: string[] = [];
  const options = (overrides: Partial<ScaleDataOptions>): ScaleDataOptions => ({
    ...SCALE_DATA_DEFAULTS,
    databaseUrl: database.url,
    partners: 2,
    itemsPerPartner: 500,
    firstPartnerItems: 500,
    movementsPerItem: 4,
    batchItems: 200,
    workers: 0,
    method,
    now: new Date(),
    ...overrides,
  });

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await startTestDatabase();
    await generateScaleData(options({}), (line) => lines.push(line));
    dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolSize: 2, migrationsRun: false }),
    );
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  it('loads partners with one member each and their items, and says how fast', async () => {
    const partners = (await dataSource.query(
      `SELECT p.slug, u.email, u.password_hash, m.role,
              (SELECT count(*)::int FROM inventory_items i WHERE i.partner_id = p.id) AS items
         FROM partners p JOIN memberships m ON m.partner_id = p.id JOIN users u ON u.id = m.user_id
        ORDER BY p.slug`,
    )) as Array<{
      slug: string;
      email: string;
      password_hash: string;
      role: string;
      items: number;
    }>;
    expect(partners.map(({ slug, email, role, items }) => ({ slug, email, role, items }))).toEqual([
      { slug: 'scale-01', email: 'member@scale-01.example', role: 'admin', items: 500 },
      { slug: 'scale-02', email: 'member@scale-02.example', role: 'admin', items: 500 },
    ]);
    await expect(verifyPassword(partners[0]?.password_hash ?? '', DEMO_PASSWORD)).resolves.toBe(
      true,
    );
    expect(
      lines.some((line) => /^Done: 1,000 items, [\d,]+ movements .* rows\/s\)$/.test(line)),
    ).toBe(true);
  });

  it('keeps the rules of the inventory, with every kind of movement and every stock state', async () => {
    expect(await inventoryViolations(dataSource)).toEqual([]);
    const [row] = (await dataSource.query(
      `SELECT (SELECT array_agg(DISTINCT kind ORDER BY kind) FROM inventory_movements) AS kinds,
              count(*) FILTER (WHERE on_hand - reserved <= 0)::int AS out,
              count(*) FILTER (WHERE on_hand - reserved > 0 AND on_hand - reserved <= reorder_point)::int AS low
         FROM inventory_items`,
    )) as Array<{ kinds: string[]; out: number; low: number }>;
    expect(row?.kinds).toEqual([...MOVEMENT_KINDS].sort());
    expect(row?.out).toBeGreaterThan(0);
    expect(row?.low).toBeGreaterThan(0);
  });

  it('puts back every index and foreign key it set aside, and analyzes the tables', async () => {
    const indexes = (await dataSource.query(
      `SELECT indexname FROM pg_indexes WHERE tablename IN ('inventory_items', 'inventory_movements')
        ORDER BY indexname`,
    )) as Array<{ indexname: string }>;
    expect(indexes.map((index) => index.indexname)).toEqual([
      'inventory_items_list_available_idx',
      'inventory_items_list_name_idx',
      'inventory_items_list_on_hand_idx',
      'inventory_items_list_sku_idx',
      'inventory_items_list_updated_at_idx',
      'inventory_items_list_value_idx',
      'inventory_items_partner_id_sku_key',
      'inventory_items_pkey',
      'inventory_items_search_trgm_idx',
      'inventory_movements_history_idx',
      'inventory_movements_pkey',
      'inventory_movements_recorded_by_user_id_idx',
    ]);
    const keys = (await dataSource.query(
      `SELECT conname FROM pg_constraint WHERE contype = 'f'
          AND conrelid IN ('inventory_items'::regclass, 'inventory_movements'::regclass) ORDER BY conname`,
    )) as Array<{ conname: string }>;
    expect(keys.map((key) => key.conname)).toEqual([
      'inventory_items_partner_id_fkey',
      'inventory_movements_item_id_fkey',
      'inventory_movements_partner_id_fkey',
      'inventory_movements_recorded_by_user_id_fkey',
    ]);
    const analyzed = (await dataSource.query(
      `SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL
          AND relname IN ('inventory_items', 'inventory_movements') ORDER BY relname`,
    )) as Array<{ relname: string }>;
    expect(analyzed.map((table) => table.relname)).toEqual([
      'inventory_items',
      'inventory_movements',
    ]);
    const schemaChanges = await dataSource.driver.createSchemaBuilder().log();
    expect(schemaChanges.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('refuses a database that holds data unless told to append, then adds the next partners', async () => {
    await expect(generateScaleData(options({}), () => undefined)).rejects.toThrow(GenDataRefusal);
    const { partners, items } = await generateScaleData(
      options({
        append: true,
        partners: 1,
        itemsPerPartner: 100,
        firstPartnerItems: 100,
        method: 'insert',
      }),
      () => undefined,
    );
    expect(partners.map((partner) => partner.slug)).toEqual(['scale-03']);
    expect(items).toBe(100);
    expect(await inventoryViolations(dataSource)).toEqual([]);
  });

  it('refuses the embedded default and production', () => {
    expect(() => targetDatabaseUrl(undefined, {})).toThrow(/not the embedded default/);
    expect(() => targetDatabaseUrl('postgres://x/y', { NODE_ENV: 'production' })).toThrow(
      /production/,
    );
    expect(targetDatabaseUrl(undefined, { DATABASE_URL: 'postgres://h/db' })).toBe(
      'postgres://h/db',
    );
  });
});
