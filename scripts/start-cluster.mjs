#!/usr/bin/env node
/**
 * `pnpm start:cluster` (docs/operations.md, "A cluster on one machine"): HAProxy (the system's) in front
 * of CLUSTER_SIZE BFF instances (2) that share one PostgreSQL (DATABASE_URL, required), one JWT secret
 * and, when REDIS_URL is set, one Redis; optionally through PgBouncer in transaction mode
 * (CLUSTER_PGBOUNCER=true). CLUSTER_HAPROXY_RETRIES=false stops HAProxy sending a request whose
 * connection failed to another instance (`haproxyConfig`). Each instance runs the job queue's worker.
 * SIGHUP restarts the instances one at a time (a rolling restart: each drains before it stops, the next
 * waits until the balancer sees the new one); SIGINT or SIGTERM stops everything.
 *
 * `--no-build` skips the build (the tests build the BFF themselves).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { build } from './start.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/**
 * HAProxy's configuration: round robin over the instances, each checked on `/api/health/ready` every
 * second and out of rotation after 2 failures (the BFF's drain, SHUTDOWN_DRAIN_SECONDS = 3, outlasts
 * that); a request whose connection to an instance failed is sent to another. With `retryOnFailure:
 * false` it is not (`retries 0`: HAProxy's default is 3 on a failed connection), so such a request
 * fails: what the rolling-restart test runs under, for only the drain to keep requests whole.
 */
export function haproxyConfig({ port, backends, retryOnFailure = true }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    ...(retryOnFailure
      ? ['  retries 3', '  retry-on conn-failure', '  option redispatch']
      : ['  retries 0']),
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend bff',
    'backend bff',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 2',
    ...backends.map((backend, i) => `  server bff${i + 1} 127.0.0.1:${backend} check`),
    '',
  ].join('\n');
}

/**
 * PgBouncer in transaction mode in front of `databaseUrl`'s server, listening on `port`; the tests'
 * PgBouncer (bff/test/support/pgbouncer.ts) is configured by it too.
 */
export function pgbouncerConfig({ databaseUrl, port, userlist }) {
  const server = new URL(databaseUrl);
  return [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || '5432'}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${userlist}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    '',
  ].join('\n');
}

function log(message) {
  console.log(`[cluster] ${message}`);
}

async function untilReady(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before it was ready`);
    try {
      const response = await fetch(`${url}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs / 1000} s`);
    await delay(200);
  }
}

export async function startCluster(env = process.env) {
  if (env.DATABASE_URL === undefined || env.DATABASE_URL === '') {
    throw new Error(
      'start:cluster needs DATABASE_URL (every instance shares one PostgreSQL; the embedded one is a single process’s), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal pnpm start:cluster',
    );
  }
  const size = Number(env.CLUSTER_SIZE ?? '2');
  if (!Number.isInteger(size) || size < 1 || size > 32) {
    throw new Error(`CLUSTER_SIZE must be an integer from 1 to 32 (got "${env.CLUSTER_SIZE}")`);
  }
  const port = Number(env.PORT ?? '3000');
  const retries = env.CLUSTER_HAPROXY_RETRIES ?? 'true';
  if (retries !== 'true' && retries !== 'false') {
    throw new Error(`CLUSTER_HAPROXY_RETRIES must be true or false (got "${retries}")`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-cluster-'));
  const children = new Set();
  const spawnChild = (command, args, options) => {
    const child = spawn(command, args, options);
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  let databaseUrl = env.DATABASE_URL;
  if (env.CLUSTER_PGBOUNCER === 'true') {
    const bouncerPort = port + 100;
    const userlist = path.join(dir, 'userlist.txt');
    const server = new URL(databaseUrl);
    await writeFile(userlist, `"${decodeURIComponent(server.username || 'postgres')}" ""\n`, {
      mode: 0o644,
    });
    const ini = path.join(dir, 'pgbouncer.ini');
    await writeFile(ini, pgbouncerConfig({ databaseUrl, port: bouncerPort, userlist }), {
      mode: 0o644,
    });
    // PgBouncer drops to `nobody` when started as root: it must read its files.
    await chmod(dir, 0o755);
    const asRoot = process.getuid?.() === 0;
    spawnChild(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), ini], { stdio: 'inherit' });
    await delay(500);
    server.hostname = '127.0.0.1';
    server.port = String(bouncerPort);
    databaseUrl = server.toString();
    log(`PgBouncer (transaction mode) on 127.0.0.1:${bouncerPort}`);
  }

  const shared = {
    ...env,
    DATABASE_URL: databaseUrl,
    ...(env.CLUSTER_PGBOUNCER === 'true' ? { DATABASE_PREPARED_STATEMENTS: 'false' } : {}),
    JWT_SECRET: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
    HOST: '127.0.0.1',
    // Client addresses come from HAProxy's X-Forwarded-For.
    TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? '127.0.0.1/32',
  };
  const backends = Array.from({ length: size }, (_, i) => port + 1 + i);
  const instances = backends.map(() => undefined);

  const startInstance = async (i) => {
    const child = spawnChild(process.execPath, ['dist/main.js'], {
      cwd: path.join(root, 'bff'),
      env: { ...shared, PORT: String(backends[i]) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    instances[i] = child;
    await untilReady(`http://127.0.0.1:${backends[i]}`, child);
    log(`instance ${i + 1} ready on 127.0.0.1:${backends[i]} (pid ${child.pid})`);
  };
  // The first instance migrates (and seeds the demo data where that applies) alone.
  await startInstance(0);
  await Promise.all(backends.slice(1).map((_, i) => startInstance(i + 1)));

  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig({ port, backends, retryOnFailure: retries === 'true' }));
  const haproxy = spawnChild(HAPROXY, ['-W', '-db', '-f', cfg], { stdio: 'inherit' });
  await untilReady(`http://127.0.0.1:${port}`, haproxy);
  log(`HAProxy on http://127.0.0.1:${port} → ${size} instance(s); SIGHUP restarts them one by one`);

  let rolling = Promise.resolve();
  const roll = async () => {
    for (let i = 0; i < instances.length; i += 1) {
      const old = instances[i];
      log(`restarting instance ${i + 1}`);
      const exited = new Promise((resolve) => old.once('exit', resolve));
      old.kill('SIGTERM');
      await exited;
      await startInstance(i);
      // The balancer takes it back after 2 passed checks, a second apart.
      await delay(2_500);
    }
    log('rolling restart done');
  };
  process.on('SIGHUP', () => {
    rolling = rolling.then(roll, roll);
  });

  const stop = async () => {
    log('stopping');
    for (const child of children) child.kill('SIGTERM');
    while (children.size > 0) await delay(50);
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--no-build')) await build();
  try {
    await startCluster();
  } catch (error) {
    console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
