import { DataSource } from 'typeorm';
import { Database } from '../src/database/database.js';
import { sql } from '../src/database/sql.js';
import { read } from '../src/database/table.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { startTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The runner of the BFF's statements (src/database/database.ts) on a direct connection: named
 * statements, prepared once per connection, unless DATABASE_PREPARED_STATEMENTS=false (the pooler
 * path: test/pgbouncer.e2e-spec.ts runs the identity specs so).
 */
const direct = process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DATABASE_URL !== '';

const PREPARED = sql`SELECT name, statement FROM pg_prepared_statements ORDER BY name`;
const readPrepared = (row: Record<string, unknown>) => ({
  name: read.text(row.name, 'name'),
  statement: read.text(row.statement, 'statement'),
});

/** The statements prepared on the connection of one transaction, after `findById` ran on it twice. */
async function preparedAfterTwoReads(api: TestApp): Promise<{
  prepared: Array<{ name: string; statement: string }>;
  found: unknown[];
}> {
  const db = api.app.get(Database);
  const users = api.app.get(UsersRepository);
  const viewer = await users.findByEmail('viewer@acme.example');
  if (viewer === undefined) throw new Error('no demo data');
  return db.transaction(async (manager) => {
    const statement = sql`SELECT id FROM users WHERE id = ${viewer.id}`;
    const found = [
      await db.one(statement, (row) => row.id, manager),
      await db.one(statement, (row) => row.id, manager),
    ];
    return { prepared: await db.rows(PREPARED, readPrepared, manager), found };
  });
}

(direct ? describe : describe.skip)('Database on a direct connection', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
  });

  afterAll(async () => {
    await database.stop();
  });

  it('prepares each statement once per connection, named by a hash of its text', async () => {
    const api = await startTestApp({
      databaseUrl: database.url,
      env: { SEED_DEMO_DATA: 'true' },
    });
    try {
      const db = api.app.get(Database);
      expect(db.prepared).toBe(true);
      const { prepared, found } = await preparedAfterTwoReads(api);
      expect(found[0]).toBe(found[1]);
      const text = 'SELECT id FROM users WHERE id = $1';
      expect(prepared.filter((row) => row.statement === text)).toEqual([
        { name: db.nameOf(text), statement: text },
      ]);
      // The name is the text's: the same on every connection and in every process.
      expect(db.nameOf(text)).toBe(db.nameOf(`${text}`));
      expect(db.nameOf(text)).not.toBe(db.nameOf(`${text} `));
      // And the application's own statements go the same way (the users repository's).
      expect(prepared.map((row) => row.statement).join('\n')).toMatch(
        /FROM pg_prepared_statements/,
      );
    } finally {
      await api.close();
    }
  });

  it('sends every statement unnamed with DATABASE_PREPARED_STATEMENTS=false', async () => {
    const api = await startTestApp({
      databaseUrl: database.url,
      env: { SEED_DEMO_DATA: 'true', DATABASE_PREPARED_STATEMENTS: 'false' },
    });
    try {
      expect(api.app.get(Database).prepared).toBe(false);
      const { prepared, found } = await preparedAfterTwoReads(api);
      expect(found[0]).toBe(found[1]);
      expect(prepared).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('fails as TypeORM fails: a QueryFailedError with the driver error, in or out of a transaction', async () => {
    const api = await startTestApp({ databaseUrl: database.url });
    try {
      const db = api.app.get(Database);
      await expect(db.execute(sql`SELECT 1/0`)).rejects.toMatchObject({
        name: 'QueryFailedError',
        driverError: { code: '22012' },
      });
      await expect(
        db.transaction((manager) => db.execute(sql`SELECT 1/${0}::int`, manager)),
      ).rejects.toMatchObject({ name: 'QueryFailedError', driverError: { code: '22012' } });
      // A failed statement does not poison the connection's prepared statements.
      await expect(db.one(sql`SELECT 1/${1}::int AS one`, (row) => row.one)).resolves.toBe(1);
      expect(api.app.get(DataSource).isInitialized).toBe(true);
    } finally {
      await api.close();
    }
  });
});
