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
    database = await startTestDatabase();
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
      'audit_logs',
      'claim_attachments',
      'claim_counts',
      'claim_daily_stats',
      'claim_decision_histograms',
      'claim_events',
      'claim_evidence_blobs',
      'claim_number_counters',
      'claims',
      'inventory_daily_stats',
      'inventory_facet_counts',
      'inventory_items',
      'inventory_movements',
      'inventory_stock_counts',
      'inventory_stock_totals',
      'invitations',
      'memberships',
      'partners',
      'password_reset_tokens',
      'refresh_tokens',
      'unclaimed_movement_counts',
      'unclaimed_movements',
      'users',
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
});
