import pg from 'pg';

/**
 * Jest's global teardown: drops the run's template databases, the migrated one and the one with the
 * demo data (test/support/global-setup.js, test-database.ts).
 */
export default async function globalTeardown() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!serverUrl || !template) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const name of [`${template}_demo`, template]) {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
