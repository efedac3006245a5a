import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import pg from 'pg';

/** The benches' process layout: servers on CPU 1, the load generator (this process) on CPU 0. */
export const SERVER_CPU = 1;
export const LOAD_CPU = 0;

/** Runs one statement on its own connection. */
export async function runSql(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * A bench's own arguments, a lone `--` left out: `pnpm bench:x -- --smoke` passes it on, and Node's
 * `parseArgs` would read everything after it as positionals.
 */
export function benchArgs(argv: readonly string[] = process.argv.slice(2)): string[] {
  return argv.filter((arg) => arg !== '--');
}

export function pin(pid: number, cpu: number): void {
  try {
    execFileSync('taskset', ['-pc', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    process.stderr.write(`taskset unavailable: process ${pid} not pinned to CPU ${cpu}\n`);
  }
}

export interface ServerProcess<Ready> {
  child: ChildProcess;
  /** The process id of the server itself (taskset execs it, so it is the child's). */
  pid: number;
  ready: Ready;
  /** The database its statements run on: the name in its DATABASE_URL (PgBouncer passes it on). */
  database?: string;
}

/**
 * Starts `script` (a built file, relative to bff/) pinned to the server CPU and waits for the JSON line
 * it prints when it listens (`{"port": ...}`).
 */
export async function startServer<Ready extends { port: number }>(
  script: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess<Ready>> {
  // A built bench file resolves the `#src/*` alias to dist/bench/src/ under the `bench` condition.
  const args = [
    '-c',
    String(SERVER_CPU),
    process.execPath,
    '--conditions=bench',
    ...nodeArgs,
    script,
  ];
  const child = spawn('taskset', args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout = child.stdout ?? process.stdin;
  const lines = createInterface({ input: stdout });
  for await (const line of lines) {
    if (line.startsWith('{"port"')) {
      if (child.pid === undefined) break;
      // What the server prints from now on goes to stderr: an unread pipe would block its writes.
      stdout.pipe(process.stderr);
      const database =
        env.DATABASE_URL === undefined ? undefined : new URL(env.DATABASE_URL).pathname.slice(1);
      return { child, pid: child.pid, ready: JSON.parse(line) as Ready, database };
    }
  }
  throw new Error(`${script} exited before it was ready`);
}

export interface BffReady {
  port: number;
  token: string;
  userId: string;
  /** A token of BENCH_STAFF_EMAIL, when it is set. */
  staffToken?: string;
}

/**
 * The BFF with the bench routes (bench/server.ts) on `databaseUrl`; BENCH_NODE_ARGS adds flags to its
 * node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, `--max-semi-space-size=64`).
 */
export function startBff(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
): Promise<ServerProcess<BffReady>> {
  return startServer<BffReady>(
    'dist/bench/bench/server.js',
    {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // A benchmark saturates the machine on purpose: a statement queued past the product's 2 s is
      // load, not an outage (faults.e2e-spec.ts holds the 2 s; docs/operations.md).
      DATABASE_TIMEOUT_MS: '30000',
      ...env,
    },
    nodeArgs,
  );
}

/**
 * Whether the benches' servers name their statements (prepared once per connection): the BFF's own
 * setting, `DATABASE_PREPARED_STATEMENTS` (on unless `false`; off through PgBouncer), which the bare
 * handler (bench/harness/bare-server.ts) follows so that both sides send the same protocol messages.
 * Both servers are started with this process's environment.
 */
export function namedStatements(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DATABASE_PREPARED_STATEMENTS !== 'false';
}

export async function stopServer(server: ServerProcess<unknown>): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}
