import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '#src/database/data-source-options.js';
import { EmbeddedPostgres } from '#src/database/embedded-postgres.js';
import { loadDemoData } from '#src/database/seed/demo-data.js';
import { type PgBouncer, startPgBouncer } from './pgbouncer.js';

/** A database of its own for one test file. */
export interface TestDatabase {
  url: string;
  /** Makes the database unreachable (readiness tests). */
  stop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * An empty database, no migration applied: for the specs of the migrations themselves and of the
   * tools that run them (test/migrations.e2e-spec.ts, test/gen-data.e2e-spec.ts). Otherwise, on a
   * TEST_DATABASE_URL server, a copy of the run's template that every migration has already built
   * (the application's start then finds none pending). Through PgBouncer, always empty: that suite
   * migrates through the pooler as a deployment does.
   */
  empty?: boolean;
  /**
   * With the demo data already loaded (a copy of the run's demo template), for the specs whose
   * application starts with SEED_DEMO_DATA=true: its loader then finds the data there and loads
   * nothing. Ignored for the embedded database and through PgBouncer (the application loads it).
   */
  demoData?: boolean;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A template database of this jest run (named after TEST_TEMPLATE_DATABASE, which
 * test/support/global-setup.js sets; global-teardown.js drops them): built once, by the first spec
 * file that asks, as a copy of `from` (or empty) that `build` then fills. A session advisory lock on
 * the server makes the other workers wait until it is complete; a failed build leaves no template.
 */
async function templateDatabase(
  serverUrl: string,
  name: string,
  from: string | undefined,
  build: (dataSource: DataSource) => Promise<unknown>,
): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return name;
    await client.query(
      from === undefined
        ? `CREATE DATABASE "${name}"`
        : `CREATE DATABASE "${name}" TEMPLATE "${from}"`,
    );
    const dataSource = new DataSource({
      ...dataSourceOptions({
        url: databaseUrl(serverUrl, name),
        poolSize: 1,
        migrationsRun: false,
      }),
      // Quiet: each migration's line would land in whichever spec file built the template.
      logger: 'advanced-console',
      logging: ['error'],
    });
    try {
      await dataSource.initialize();
      await build(dataSource);
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      throw error;
    }
    await dataSource.destroy();
    return name;
  } finally {
    await client.end(); // also releases the lock
  }
}

/**
 * The template a spec file's database is copied from: every migration applied, and with `demoData`
 * the demo data loaded too (as the application loads it at start, at the instant the template is
 * built). None without a run's template name (jest without the global setup), or for `empty`.
 */
async function templateFor(
  serverUrl: string,
  options: TestDatabaseOptions,
): Promise<string | undefined> {
  const base = process.env.TEST_TEMPLATE_DATABASE;
  if (base === undefined || base === '' || options.empty === true) return undefined;
  const migrated = await templateDatabase(serverUrl, base, undefined, (dataSource) =>
    dataSource.runMigrations(),
  );
  if (options.demoData !== true) return migrated;
  return templateDatabase(serverUrl, `${base}_demo`, migrated, (dataSource) =>
    loadDemoData(dataSource),
  );
}

/** Set by `connectThroughPgBouncer()`: the PgBouncer of this test file, started on first use. */
let pgBouncer: Promise<PgBouncer> | undefined;
let throughPgBouncer = false;

/**
 * From now on, the databases of this test file are reached through PgBouncer in transaction mode in
 * front of the TEST_DATABASE_URL server (test/pgbouncer.e2e-spec.ts runs the identity and partner
 * specs so). Created, and dropped, on the server directly.
 */
export function connectThroughPgBouncer(): void {
  throughPgBouncer = true;
}

/**
 * Whether this file's databases are reached through PgBouncer: its applications then run with
 * DATABASE_PREPARED_STATEMENTS=false (PgBouncer 1.18 in transaction mode keeps no prepared statement).
 */
export function isThroughPgBouncer(): boolean {
  return throughPgBouncer;
}

afterAll(async () => {
  await (await pgBouncer)?.stop();
});

/**
 * With TEST_DATABASE_URL, a fresh uniquely named database on that PostgreSQL server, dropped by stop()
 * (migrated unless `empty`, see TestDatabaseOptions); otherwise an in-memory embedded PostgreSQL (PGlite
 * behind its socket server), empty: the application migrates it at start.
 */
export async function startTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    const embedded = await EmbeddedPostgres.start({ dataDir: undefined, maxConnections: 24 });
    return { url: embedded.url, stop: () => embedded.stop() };
  }
  const name = `bff_test_${randomBytes(6).toString('hex')}`;
  // Through PgBouncer the application migrates (and seeds) through the pooler, as a deployment does.
  const template = throughPgBouncer ? undefined : await templateFor(serverUrl, options);
  await adminQuery(
    serverUrl,
    template === undefined
      ? `CREATE DATABASE "${name}"`
      : `CREATE DATABASE "${name}" TEMPLATE "${template}"`,
  );
  const url = databaseUrl(serverUrl, name);
  if (throughPgBouncer) pgBouncer ??= startPgBouncer(serverUrl);
  const bouncer = await pgBouncer;
  let dropped = false;
  return {
    url: bouncer === undefined ? url : bouncer.through(url),
    stop: async () => {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
