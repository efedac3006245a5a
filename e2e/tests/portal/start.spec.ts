import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { expect, test } from '@playwright/test';
import { repo, startBff, stopBff } from '../../support/bff-process';
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
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('`pnpm start` says what it builds, starts the BFF, and its requests leave the ready banner in sight', async () => {
  test.setTimeout(240_000);
  const startPort = port + 2;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pnpm-start-'));
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
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(output.slice(shown)).not.toMatch(/request completed/);
  } finally {
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
