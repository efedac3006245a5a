import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { repo, startBff, stopBff } from '../../support/bff-process';
import { expect, test } from '../../support/fixtures';
import { portalURL } from '../../support/servers';
import { demoPassword } from '../../support/session';

// `pnpm start` builds and then runs `node bff/dist/main.js` with no DATABASE_URL: the embedded default.
// One data folder for the file: the first test's fresh start migrates and seeds it, then `pnpm start`
// starts on it as a newcomer's second start does, and a newcomer's browser opens that development
// server at http://127.0.0.1. The embedded database is migrated and seeded once here, not three times
// (docs/operations.md, What CI's time goes to).
const port = Number(new URL(portalURL).port) + 90;

test.describe.configure({ mode: 'serial' });

let dataDir = '';

test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
});

test.afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test('a fresh start migrates and seeds the embedded database', async () => {
  test.setTimeout(180_000);
  const first = await startBff(port, dataDir);
  console.log(`cold start (fresh data folder): ready in ${first.readyMs} ms`);
  expect(first.output()).toContain(`http://localhost:${port}`);
  for (const email of ['admin@acme.example', 'staff@portal.example'])
    expect(first.output()).toContain(email);
  const page = await fetch(`http://localhost:${port}/signin`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  expect(await stopBff(first)).toBe(0);
});

test('`pnpm start` says what it builds, starts the BFF on the existing data folder, its requests leave the ready banner in sight, and a newcomer signs in at http://127.0.0.1', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(240_000);
  const startPort = port + 2;
  // As a newcomer's shell runs it: no NODE_ENV, no database, the embedded default.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(startPort), DATA_DIR: dataDir };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'SEED_DEMO_DATA', 'PUBLIC_URL', 'LOG_LEVEL'])
    delete env[name];
  // What `pnpm start` runs (the root package.json's `start`).
  const start = spawn(process.execPath, [join(repo, 'scripts/start.mjs')], { cwd: repo, env });
  let output = '';
  start.stdout.on('data', (chunk) => (output += chunk));
  start.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
  try {
    // The first line comes at once, before any build output.
    await expect.poll(() => output, { timeout: 5_000 }).toMatch(/^Building the portal/);
    await expect
      .poll(() => output, { timeout: 200_000, intervals: [250] })
      .toContain(`Partner portal ready at http://localhost:${startPort}`);
    const readyMs = /Partner portal ready at \S+ \((\d+) ms\)/.exec(output)?.[1];
    console.log(`warm start (existing data folder): the BFF ready in ${readyMs} ms`);
    // One line per build step, built or taken from the cache, then the start.
    for (const step of ['ui-kit', 'bff', 'portal']) {
      expect(output).toMatch(
        new RegExp(
          `^ {2}(building the .+ \\(${step}\\)…|the .+ \\(${step}\\): unchanged, from the cache)$`,
          'm',
        ),
      );
    }
    expect(output).toMatch(/^Built in \d+\.\d s\.$/m);
    expect(output).toMatch(/^Starting the BFF/m);
    expect(output).toContain('admin@acme.example');

    // A newcomer opens the portal: pages, assets and API calls answer, and write no line.
    const shown = output.length;
    for (const url of [
      '/signin',
      '/api/health/ready',
      '/api/openapi.json',
      '/acme-outdoor/overview',
    ])
      expect((await fetch(`http://127.0.0.1:${startPort}${url}`)).status).toBe(200);
    // Then a request that is logged (a 404, at warn): once its line is out, any line of the requests
    // before it would be too (one stream, in order). Its line is the only one.
    const sentinel = '/api/no-such-route-of-start-spec';
    expect((await fetch(`http://127.0.0.1:${startPort}${sentinel}`)).status).toBe(404);
    await expect.poll(() => output.slice(shown), { timeout: 10_000 }).toContain(sentinel);
    expect(output.slice(shown).match(/request completed/g)).toHaveLength(1);

    // The same server opened through 127.0.0.1 rather than localhost (PUBLIC_URL says localhost): a
    // manager signs in through the form and lands on the overview.
    await page.goto(`http://127.0.0.1:${startPort}/signin`);
    await page.getByLabel(/^Email/).fill('manager@acme.example');
    await page.getByLabel(/^Password/).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${startPort}/acme-outdoor/overview`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/overview/i);
    expect(browserErrors).toEqual([]);
  } finally {
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
  }

  // The second start reused the first one's data: the demo data once, not twice.
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { citext } });
  try {
    const partners = await db.query<{ slug: string }>('select slug from partners order by slug');
    expect(partners.rows.map((row) => row.slug)).toEqual(['acme-outdoor', 'globex', 'northwind']);
    const users = await db.query<{ count: number }>('select count(*)::int as count from users');
    expect(users.rows[0]?.count).toBe(8);
    // The demo claims, with their numbers from 1 (docs/product.md §6).
    const claims = await db.query<{ slug: string; count: number; last: number }>(
      `select p.slug, count(c.id)::int as count, max(c.number) as last
         from partners p join claims c on c.partner_id = p.id group by p.slug order by p.slug`,
    );
    expect(claims.rows).toEqual([
      { slug: 'acme-outdoor', count: 261, last: 261 },
      { slug: 'globex', count: 180, last: 180 },
      { slug: 'northwind', count: 220, last: 220 },
    ]);
  } finally {
    await db.close();
  }
});
