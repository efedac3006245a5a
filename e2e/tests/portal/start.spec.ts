import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { expect, test } from '@playwright/test';
import { startBff, stopBff } from '../../support/bff-process';
import { portalURL } from '../../support/servers';

// `pnpm start` builds and then runs `node bff/dist/main.js` with no DATABASE_URL: the embedded default.
const port = Number(new URL(portalURL).port) + 90;

test('a fresh start migrates and seeds the embedded database; a second start reuses it', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  try {
    const first = await startBff(port, dataDir);
    console.log(`cold start (fresh data folder): ready in ${first.readyMs} ms`);
    expect(first.output()).toContain(`http://localhost:${port}`);
    for (const email of ['admin@acme.example', 'staff@portal.example'])
      expect(first.output()).toContain(email);
    const page = await fetch(`http://localhost:${port}/signin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(await stopBff(first)).toBe(0);

    const second = await startBff(port, dataDir);
    console.log(`warm start (existing data folder): ready in ${second.readyMs} ms`);
    expect(await stopBff(second)).toBe(0);

    const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { citext } });
    try {
      const partners = await db.query<{ slug: string }>('select slug from partners order by slug');
      expect(partners.rows.map((row) => row.slug)).toEqual(['acme-outdoor', 'globex', 'northwind']);
      const users = await db.query<{ count: number }>('select count(*)::int as count from users');
      expect(users.rows[0]?.count).toBe(7);
      // The demo claims, with their numbers from 1 (docs/product.md §6).
      const claims = await db.query<{ slug: string; count: number; last: number }>(
        `select p.slug, count(c.id)::int as count, max(c.number) as last
           from partners p join claims c on c.partner_id = p.id group by p.slug order by p.slug`,
      );
      expect(claims.rows).toEqual([
        { slug: 'acme-outdoor', count: 260, last: 260 },
        { slug: 'globex', count: 180, last: 180 },
        { slug: 'northwind', count: 220, last: 220 },
      ]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
