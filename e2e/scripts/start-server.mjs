// Starts the BFF (serving the built portal) for the e2e suite, the way `pnpm start` does.
// With TEST_DATABASE_URL it creates a fresh database on that server (dropped on exit) and loads the demo
// data into it; without it the BFF runs its embedded PostgreSQL in a throwaway data folder.
// With E2E_CLUSTER=<n> (and TEST_DATABASE_URL) it runs `pnpm start:cluster` instead (docs/operations.md,
// "A cluster on one machine"): HAProxy on the e2e port in front of n instances on that database, one
// outbox, their throttling counted in Redis (REDIS_URL, redis://127.0.0.1:6379 by default) in a
// database of Redis claimed for the run and emptied at its end.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const port = process.env.E2E_PORT ?? '3100';
const clusterSize = process.env.E2E_CLUSTER || undefined;
if (clusterSize !== undefined && !process.env.TEST_DATABASE_URL) {
  console.error(
    'E2E_CLUSTER needs TEST_DATABASE_URL (the instances share one PostgreSQL server; the embedded one is a single process’s), e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres E2E_CLUSTER=2',
  );
  process.exit(1);
}
const results = resolve(here, '../test-results');
// Named by the port: a spec may start a server of its own beside the suite's (cluster.spec.ts).
const logFile = join(results, `server-${port}.log`);
mkdirSync(results, { recursive: true });
// The data folder holds the embedded database (when no TEST_DATABASE_URL) and the mail outbox.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const outboxDir = join(dataDir, 'outbox');
writeFileSync(
  join(results, `server-${port}.json`),
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
  // Stop at once when the suite ends (with E2E_CLUSTER too: the suite restarts no instance).
  SHUTDOWN_DRAIN_SECONDS: '0',
  DATA_DIR: dataDir,
  MAIL_OUTBOX_DIR: outboxDir,
  // The suite is many people: signInThroughApi (support/session.ts) names a client address of its own
  // for each sign-in, as a proxy on this host would. A browser's own requests carry none, so the
  // throttling the identity specs drive through the sign-in form still counts them as one address.
  TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
};
delete env.DATABASE_URL;

/**
 * A database of the Redis server at `url` for this run alone, so that no other run's throttling counts
 * meet this one's: the first of 1–15 that is empty, claimed by a key of its own (kept 6 hours, should
 * the run die before it releases it). `release` empties it. A URL naming a database is used as it is.
 */
async function claimRedisDatabase(url) {
  const options = { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null };
  if (new URL(url).pathname.length > 1) return { url, release: async () => {} };
  const run = randomUUID();
  for (let db = 1; db < 16; db += 1) {
    const redis = new Redis(url, { ...options, db });
    await redis.connect();
    const claimed =
      (await redis.dbsize()) === 0 && (await redis.set('e2e:run', run, 'EX', 21_600, 'NX'));
    await redis.quit();
    if (claimed) {
      const claimedUrl = new URL(url);
      claimedUrl.pathname = `/${db}`;
      return {
        url: claimedUrl.toString(),
        release: async () => {
          const again = new Redis(claimedUrl.toString(), options);
          await again.connect();
          if ((await again.get('e2e:run')) === run) await again.flushdb();
          await again.quit();
        },
      };
    }
  }
  throw new Error(`no empty database (1–15) on the Redis server ${url} to claim for the run`);
}

const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
let cleanup = removeDataDir;
if (clusterSize !== undefined) {
  const redis = await claimRedisDatabase(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  env.REDIS_URL = redis.url;
  env.CLUSTER_SIZE = clusterSize;
  cleanup = async () => {
    await redis.release();
    await removeDataDir();
  };
}
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
  const cleanUpTheRest = cleanup;
  cleanup = async () => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
    await cleanUpTheRest();
  };
}

const log = createWriteStream(logFile);
const command =
  clusterSize === undefined
    ? [join(repo, 'bff/dist/main.js')]
    : [join(repo, 'scripts/start-cluster.mjs'), '--no-build'];
const server = spawn(process.execPath, command, { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
