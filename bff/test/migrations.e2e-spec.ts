import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

async function tablesOf(dataSource: DataSource): Promise<string[]> {
  const rows = (await dataSource.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'typeorm_migrations'
      ORDER BY table_name`,
  )) as Array<{ table_name: string }>;
  return rows.map((row) => row.table_name);
}

/** The statements TypeORM would run to make the database match the entities: none, if no drift. */
async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}

describe('migrations', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    // TypeORM's progress and the deliberate constraint violation below are not news here.
    Logger.overrideLogger(false);
    database = await startTestDatabase({ empty: true });
    dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolSize: 2, migrationsRun: false }),
    );
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  it('build exactly the schema of the entities on an empty database', async () => {
    expect(await tablesOf(dataSource)).toEqual([]);

    const applied = await dataSource.runMigrations();

    expect(applied.map((migration) => migration.name)).toEqual(
      MIGRATIONS.map((migration) => migration.name),
    );
    expect(await tablesOf(dataSource)).toEqual([
      'analytics_versions',
      'api_keys',
      'audit_logs',
      'claim_attachments',
      'claim_counts',
      'claim_daily_stats',
      'claim_decision_histograms',
      'claim_events',
      'claim_evidence_blobs',
      'claim_number_counters',
      'claim_waiting_hours',
      'claims',
      'digest_runs',
      'idempotency_keys',
      'inventory_daily_stats',
      'inventory_facet_counts',
      'inventory_items',
      'inventory_movements',
      'inventory_stock_counts',
      'inventory_stock_totals',
      'invitations',
      'memberships',
      'notification_preferences',
      'partners',
      'password_reset_tokens',
      'refresh_tokens',
      'unclaimed_movement_counts',
      'unclaimed_movements',
      'users',
      'webhook_deliveries',
      'webhook_endpoints',
      'webhook_events',
    ]);
    expect(await pendingSchemaChanges(dataSource)).toEqual([]);
  });

  it('all revert down to an empty schema, and apply again without drift', async () => {
    for (let step = 0; step < MIGRATIONS.length; step += 1) await dataSource.undoLastMigration();

    expect(await tablesOf(dataSource)).toEqual([]);
    expect(await dataSource.showMigrations()).toBe(true);

    await dataSource.runMigrations();

    expect(await pendingSchemaChanges(dataSource)).toEqual([]);
  });

  it('keep e-mail addresses unique regardless of case', async () => {
    await dataSource.query(
      `INSERT INTO users (email, name) VALUES ('Someone@Example.com', 'Someone')`,
    );

    await expect(
      dataSource.query(
        `INSERT INTO users (email, name) VALUES ('someone@example.COM', 'Someone else')`,
      ),
    ).rejects.toThrow(/users_email_key/);
  });

  it('set a movement-bound draft’s stale incident date to its movement’s day in the partner’s time zone (decided claims keep theirs)', async () => {
    // Back to before that migration, whatever migrations came after it (a new column's, say).
    for (;;) {
      const [last] = (await dataSource.query(
        `SELECT name FROM typeorm_migrations ORDER BY timestamp DESC, id DESC LIMIT 1`,
      )) as Array<{ name: string }>;
      await dataSource.undoLastMigration();
      if (last === undefined || last.name === 'ClaimIncidentDates1796300000000') break;
    }
    const [partner] = (await dataSource.query(
      `INSERT INTO partners (slug, name, time_zone, currency)
       VALUES ('stale-dates', 'Stale dates', 'Pacific/Auckland', 'NZD') RETURNING id`,
    )) as Array<{ id: string }>;
    const partnerId = partner?.id;
    const [item] = (await dataSource.query(
      `INSERT INTO inventory_items (partner_id, sku, name, category, warehouse, unit_value)
       VALUES ($1, 'STALE-1', 'Stale', 'Tools', 'North', 100) RETURNING id`,
      [partnerId],
    )) as Array<{ id: string }>;
    const claim = async (number: number, status: string) => {
      // 13:30 UTC on 2 March is 02:30 on 3 March in Auckland.
      const [movement] = (await dataSource.query(
        `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at)
         VALUES ($1, $2, 'loss', -2, '2026-03-02T13:30:00Z') RETURNING id`,
        [partnerId, item?.id],
      )) as Array<{ id: string }>;
      const [row] = (await dataSource.query(
        `INSERT INTO claims (partner_id, number, type, status, item_id, movement_id, quantity,
           unit_value, amount_claimed, currency, incident_date, description)
         VALUES ($1, $2, 'lost', $3, $4, $5, 1, 100, 100, 'NZD', '2025-11-01', 'Lost in the yard.')
         RETURNING id`,
        [partnerId, number, status, item?.id, movement?.id],
      )) as Array<{ id: string }>;
      return row?.id;
    };
    const draft = await claim(1, 'draft');
    const approved = await claim(2, 'approved');

    await dataSource.runMigrations();

    const dates = (await dataSource.query(
      `SELECT id, incident_date::text AS day FROM claims WHERE partner_id = $1`,
      [partnerId],
    )) as Array<{ id: string; day: string }>;
    expect(Object.fromEntries(dates.map((row) => [row.id, row.day]))).toEqual({
      [draft ?? '']: '2026-03-03',
      [approved ?? '']: '2025-11-01',
    });
  });
});
