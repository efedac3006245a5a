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
import { InventoryItem } from '../src/inventory/inventory-item.entity.js';
import { InventoryMovement, MOVEMENT_KINDS } from '../src/inventory/inventory-movement.entity.js';
import { Claim } from '../src/claims/claim.entity.js';
import { ClaimEvent } from '../src/claims/claim-event.entity.js';
import { claimViolations } from './support/claim-invariants.js';
import { overviewTableViolations } from './support/overview-invariants.js';
import { rollupViolations } from './support/rollup-invariants.js';
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
    claimsPerPartner: 150,
    firstPartnerClaims: 300,
    now: new Date(),
    ...overrides,
  });

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await startTestDatabase({ empty: true });
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
      lines.some((line) =>
        /^Done: 1,000 items, [\d,]+ movements, 450 claims, [\d,]+ claim events .* rows\/s\)$/.test(
          line,
        ),
      ),
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

  it('files claims for the partners with their timelines, by the rules of the claims', async () => {
    const claims = (await dataSource.query(
      `SELECT p.slug, count(c.id)::int AS claims, count(DISTINCT c.status)::int AS statuses,
              count(DISTINCT c.type)::int AS types, count(c.movement_id)::int AS for_movements,
              (SELECT count(*)::int FROM claim_events e WHERE e.partner_id = p.id) AS events
         FROM partners p LEFT JOIN claims c ON c.partner_id = p.id
        WHERE p.slug IN ('scale-01', 'scale-02') GROUP BY p.id, p.slug ORDER BY p.slug`,
    )) as Array<{
      slug: string;
      claims: number;
      statuses: number;
      types: number;
      for_movements: number;
      events: number;
    }>;
    expect(claims.map(({ slug, claims: n }) => [slug, n])).toEqual([
      ['scale-01', 300],
      ['scale-02', 150],
    ]);
    for (const row of claims) {
      expect(row.statuses).toBeGreaterThanOrEqual(5);
      expect(row.types).toBe(4);
      expect(row.for_movements / row.claims).toBeGreaterThan(0.85);
      expect(row.events / row.claims).toBeGreaterThan(3);
    }
    expect(await claimViolations(dataSource)).toEqual([]);
    // The bulk loads' statements fed the dashboard rollups through their triggers.
    expect(await rollupViolations(dataSource)).toEqual([]);
    // And the overview's tables (unclaimed losses and damages, items per stock state).
    expect(await overviewTableViolations(dataSource)).toEqual([]);
  });

  it('puts back every index and foreign key it set aside, and analyzes the tables', async () => {
    const indexes = (await dataSource.query(
      `SELECT indexname FROM pg_indexes
        WHERE tablename IN ('inventory_items', 'inventory_movements', 'claims', 'claim_events')
        ORDER BY indexname`,
    )) as Array<{ indexname: string }>;
    // Every index the entities declare (those the decorators cannot spell included), and the keys.
    const declared = [InventoryItem, InventoryMovement, Claim, ClaimEvent].flatMap((entity) => [
      `${dataSource.getMetadata(entity).tableName}_pkey`,
      ...dataSource.getMetadata(entity).indices.map((index) => index.name),
    ]);
    expect(indexes.map((index) => index.indexname)).toEqual(declared.sort());
    const keys = (await dataSource.query(
      `SELECT conname FROM pg_constraint WHERE contype = 'f'
          AND conrelid IN ('inventory_items'::regclass, 'inventory_movements'::regclass,
                           'claims'::regclass, 'claim_events'::regclass) ORDER BY conname`,
    )) as Array<{ conname: string }>;
    expect(keys.map((key) => key.conname)).toEqual([
      'claim_events_actor_key_id_fkey',
      'claim_events_actor_user_id_fkey',
      'claim_events_claim_id_fkey',
      'claim_events_partner_id_fkey',
      'claims_assignee_user_id_fkey',
      'claims_created_by_key_id_fkey',
      'claims_created_by_user_id_fkey',
      'claims_item_id_fkey',
      'claims_movement_id_fkey',
      'claims_partner_id_fkey',
      'claims_pending_approval_by_user_id_fkey',
      'inventory_items_partner_id_fkey',
      'inventory_movements_item_id_fkey',
      'inventory_movements_partner_id_fkey',
      'inventory_movements_recorded_by_key_id_fkey',
      'inventory_movements_recorded_by_user_id_fkey',
    ]);
    const analyzed = (await dataSource.query(
      `SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL
          AND relname IN ('inventory_items', 'inventory_movements', 'claims', 'claim_events')
        ORDER BY relname`,
    )) as Array<{ relname: string }>;
    expect(analyzed.map((table) => table.relname)).toEqual([
      'claim_events',
      'claims',
      'inventory_items',
      'inventory_movements',
    ]);
    const schemaChanges = await dataSource.driver.createSchemaBuilder().log();
    expect(schemaChanges.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('refuses a database that holds data unless told to append, then adds the next partners', async () => {
    await expect(generateScaleData(options({}), () => undefined)).rejects.toThrow(GenDataRefusal);
    const { partners, items, claims } = await generateScaleData(
      options({
        append: true,
        partners: 1,
        itemsPerPartner: 100,
        firstPartnerItems: 100,
        claimsPerPartner: 40,
        firstPartnerClaims: 40,
        method: 'insert',
      }),
      () => undefined,
    );
    expect(partners.map((partner) => partner.slug)).toEqual(['scale-03']);
    expect([items, claims]).toEqual([100, 40]);
    expect(await inventoryViolations(dataSource)).toEqual([]);
    expect(await claimViolations(dataSource)).toEqual([]);
  });

  it('adds claims to the existing partners that have none, and nothing else, with --claims-only', async () => {
    await generateScaleData(
      options({
        append: true,
        partners: 1,
        itemsPerPartner: 100,
        firstPartnerItems: 100,
        claimsPerPartner: 0,
        firstPartnerClaims: 0,
      }),
      () => undefined,
    );
    const { partners, items, claims } = await generateScaleData(
      options({ claimsOnly: true, firstPartnerClaims: 60, claimsPerPartner: 10 }),
      () => undefined,
    );
    expect(partners.map((partner) => partner.slug)).toEqual(['scale-04']);
    expect([items, claims]).toEqual([0, 60]);
    expect(await claimViolations(dataSource)).toEqual([]);
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
