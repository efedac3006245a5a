import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { DEMO_PARTNERS, DEMO_PASSWORD } from '../src/database/seed/demo-data.js';
import { verifyPassword } from '../src/users/password-hash.js';
import { startTestApp } from './support/test-app.js';

async function count(dataSource: DataSource, table: string): Promise<number> {
  const [row] = (await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`)) as Array<{
    n: number;
  }>;
  return row?.n ?? -1;
}

describe('the embedded default (no DATABASE_URL)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bff-data-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates and loads the demo data once; a second start reuses it', async () => {
    const first = await startTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const dataSource = first.app.get(DataSource);
      expect(await count(dataSource, 'partners')).toBe(3);
      expect(await count(dataSource, 'users')).toBe(6);
      const memberships = (await dataSource.query(
        `SELECT p.slug, count(*)::int AS n FROM memberships m JOIN partners p ON p.id = m.partner_id
          GROUP BY p.slug ORDER BY p.slug`,
      )) as Array<{ slug: string; n: number }>;
      expect(memberships).toEqual([
        { slug: 'acme-outdoor', n: 4 },
        { slug: 'northwind', n: 2 },
      ]);

      const partners = (await dataSource.query(
        'SELECT slug, name, currency, time_zone AS "timeZone" FROM partners ORDER BY created_at, slug',
      )) as unknown[];
      expect(partners).toEqual(
        expect.arrayContaining(DEMO_PARTNERS.map((partner) => ({ ...partner }))),
      );

      const [staff] = (await dataSource.query(
        `SELECT is_staff AS "isStaff", password_hash AS "passwordHash" FROM users WHERE email = 'STAFF@portal.example'`,
      )) as Array<{ isStaff: boolean; passwordHash: string }>;
      expect(staff?.isStaff).toBe(true);
      await expect(verifyPassword(staff?.passwordHash ?? '', DEMO_PASSWORD)).resolves.toBe(true);

      // A second process must not open the same files while this one runs.
      await expect(
        EmbeddedPostgres.start({ dataDir: path.join(dataDir, 'pglite'), maxConnections: 2 }),
      ).rejects.toThrow(/in use by process/);
    } finally {
      await first.close();
    }

    const second = await startTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const dataSource = second.app.get(DataSource);
      expect(await count(dataSource, 'partners')).toBe(3);
      expect(await count(dataSource, 'users')).toBe(6);
      const messages = second.logs.lines.map((line) => line.msg);
      expect(messages.filter((message) => message === 'Demo data loaded')).toHaveLength(1);
      expect(
        messages.filter(
          (message) => message === 'Demo data not loaded: the database already holds data',
        ),
      ).toHaveLength(1);
      expect((await second.request('/api/health/ready')).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
