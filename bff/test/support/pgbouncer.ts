import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '#src/config/settings.js';
import { freePort } from './ports.js';

/** `pnpm start:cluster`'s PgBouncer configuration (docs/operations.md, "A cluster on one machine"). */
// From the repository's root, not from this file: the benches run it compiled, from dist/bench/.
const { pgbouncerConfig } = (await import(
  pathToFileURL(path.join(REPO_ROOT, 'scripts', 'start-cluster.mjs')).href
)) as { pgbouncerConfig(options: { databaseUrl: string; port: number; userlist: string }): string };

/** Debian's package (`apt-get install pgbouncer`), or PGBOUNCER. */
const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

/**
 * Why PgBouncer cannot be used here, or undefined when it can. In CI a missing PgBouncer fails the
 * run instead (the pooler is part of what CI proves).
 */
export function pgBouncerUnavailable(): string | undefined {
  const server = process.env.TEST_DATABASE_URL;
  if (server === undefined || server === '') {
    return 'no TEST_DATABASE_URL: the embedded PostgreSQL has no server to put PgBouncer in front of';
  }
  try {
    accessSync(PGBOUNCER, constants.X_OK);
  } catch {
    if (process.env.CI === 'true') {
      throw new Error(`${PGBOUNCER} is missing: CI installs Debian's pgbouncer package`);
    }
    return `${PGBOUNCER} is not installed (apt-get install pgbouncer)`;
  }
  return undefined;
}

export interface PgBouncer {
  /** The URL of `databaseUrl`'s database (on the server behind it) through PgBouncer. */
  through(databaseUrl: string): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of the server of `serverUrl`: a server connection is lent to
 * a client for one transaction only, so nothing a connection keeps between transactions (a named
 * prepared statement, a SET) can be relied on. Every database of the server is reachable through it.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'pgbouncer-'));
  // Started as root, PgBouncer drops to `nobody`, which must be able to read its files.
  await chmod(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const ini = path.join(dir, 'pgbouncer.ini');
  const userlist = path.join(dir, 'userlist.txt');
  await writeFile(userlist, `"${user}" "${password}"\n`, { mode: 0o644 });
  await writeFile(ini, pgbouncerConfig({ databaseUrl: serverUrl, port, userlist }), {
    mode: 0o644,
  });
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await listening(child);
  return {
    through(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once PgBouncer logs that it listens; rejects with its output when it exits first. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString('utf8');
      ready = /listening on 127\.0\.0\.1/.test(output);
      if (ready) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`pgbouncer exited (${code}): ${output}`)));
    child.once('error', reject);
  });
}
