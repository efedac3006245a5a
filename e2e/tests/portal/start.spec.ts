import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { expect, test } from '@playwright/test';
import { portalURL } from '../../support/servers';

// `pnpm start` builds and then runs `node bff/dist/main.js` with no DATABASE_URL: the embedded default.
const repo = resolve(import.meta.dirname, '../../..');
const port = Number(new URL(portalURL).port) + 90;

type Started = { server: ChildProcess; output: () => string; readyMs: number };

async function start(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO_DATA;
  const began = performance.now();
  const server = spawn(process.execPath, [join(repo, 'bff/dist/main.js')], { env, cwd: repo });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`http://localhost:${port}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server not ready in 60 s:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return { server, output: () => output, readyMs: Math.round(performance.now() - began) };
}

async function stop({ server }: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolveExit) =>
    server.once('exit', (code) => resolveExit(code)),
  );
  server.kill('SIGTERM');
  return exited;
}

test('a fresh start migrates and seeds the embedded database; a second start reuses it', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  try {
    const first = await start(dataDir);
    console.log(`cold start (fresh data folder): ready in ${first.readyMs} ms`);
    expect(first.output()).toContain(`http://localhost:${port}`);
    for (const email of ['admin@acme.example', 'staff@portal.example'])
      expect(first.output()).toContain(email);
    const page = await fetch(`http://localhost:${port}/signin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(await stop(first)).toBe(0);

    const second = await start(dataDir);
    console.log(`warm start (existing data folder): ready in ${second.readyMs} ms`);
    expect(await stop(second)).toBe(0);

    const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { citext } });
    try {
      const partners = await db.query<{ slug: string }>('select slug from partners order by slug');
      expect(partners.rows.map((row) => row.slug)).toEqual(['acme-outdoor', 'globex', 'northwind']);
      const users = await db.query<{ count: number }>('select count(*)::int as count from users');
      expect(users.rows[0]?.count).toBe(6);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
