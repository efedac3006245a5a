// Starts the BFF (serving the built portal) for the e2e suite, the way `pnpm start` does.
// With TEST_DATABASE_URL it creates a fresh database on that server (dropped on exit) and loads the demo
// data into it; without it the BFF runs its embedded PostgreSQL in a throwaway data folder.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const port = process.env.E2E_PORT ?? '3100';
const results = resolve(here, '../test-results');
const logFile = join(results, 'server.log');
mkdirSync(results, { recursive: true });
// The data folder holds the embedded database (when no TEST_DATABASE_URL) and the mail outbox.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const outboxDir = join(dataDir, 'outbox');
writeFileSync(
  join(results, 'server.json'),
  JSON.stringify({ dataDir, outboxDir, logFile }, null, 2),
);

const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  PORTAL_DIST_DIR: join(repo, 'portal/dist'),
  LOG_LEVEL: 'info',
  SEED_DEMO_DATA: 'true',
  // No scheduled daily digest among the messages a test reads from the outbox.
  DIGEST: 'off',
  // E-mails go through the job queue: its worker looks for them every second.
  WORKER_POLL_SECONDS: '1',
  // No balancer to drain for: stop at once when the suite ends.
  SHUTDOWN_DRAIN_SECONDS: '0',
  DATA_DIR: dataDir,
  MAIL_OUTBOX_DIR: outboxDir,
  // The suite is many people: signInThroughApi (support/session.ts) names a client address of its own
  // for each sign-in, as a proxy on this host would. A browser's own requests carry none, so the
  // throttling the identity specs drive through the sign-in form still counts them as one address.
  TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
};
delete env.DATABASE_URL;

const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
let cleanup = removeDataDir;
if (process.env.TEST_DATABASE_URL) {
  const admin = new URL(process.env.TEST_DATABASE_URL);
  const name = `e2e_${Date.now()}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
    await removeDataDir();
  };
}

const log = createWriteStream(logFile);
const server = spawn(process.execPath, [join(repo, 'bff/dist/main.js')], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.pipe(log, { end: false });
  stream.pipe(process.stdout);
}

const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await cleanup().catch((error) => console.error('e2e cleanup failed', error));
  process.exit(code ?? 0);
});
