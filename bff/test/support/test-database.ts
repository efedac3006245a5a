import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { EmbeddedPostgres } from '#src/database/embedded-postgres.js';
import { type PgBouncer, startPgBouncer } from './pgbouncer.js';

/** A database of its own for one test file. */
export interface TestDatabase {
  url: string;
  /** Makes the database unreachable (readiness tests). */
  stop(): Promise<void>;
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
 * With TEST_DATABASE_URL, a fresh uniquely named database on that PostgreSQL server, dropped by stop();
 * otherwise an in-memory embedded PostgreSQL (PGlite behind its socket server).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    const embedded = await EmbeddedPostgres.start({ dataDir: undefined, maxConnections: 24 });
    return { url: embedded.url, stop: () => embedded.stop() };
  }
  const name = `bff_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (throughPgBouncer) pgBouncer ??= startPgBouncer(serverUrl);
  const bouncer = await pgBouncer;
  let dropped = false;
  return {
    url: bouncer === undefined ? url.toString() : bouncer.through(url.toString()),
    stop: async () => {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
