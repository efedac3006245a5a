import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { OwnCluster } from '../../test/support/own-cluster.js';
import { Tally } from '../harness/load.js';
import { readRss } from '../harness/rss.js';
import {
  benchArgs,
  type BffReady,
  databaseUrl,
  LOAD_CPU,
  pin,
  runSql,
  type ServerProcess,
  SERVER_CPU,
  startBff,
  stopServer,
} from '../support.js';
import {
  ACCOUNTS,
  type Account,
  OPERATIONS,
  type Operation,
  random,
  ROLE_PATTERN,
  type Role,
  type Step,
  VirtualUser,
  type World,
} from './mix.js';

/**
 * `pnpm --filter @partner-portal/bff bench:load`: the load test of issue 23 (docs/performance.md,
 * "Load test"). LOAD_CONNECTIONS virtual users (32; `--smoke` 4), each a demo account signed in once
 * through POST /api/auth/signin, keep their session and go through the mix of bench/load/mix.ts for
 * LOAD_SECONDS (60; `--smoke` 5): partner members reading, managers commenting, filing and submitting
 * claims and answering information requests, staff reading the queue and moving claims and stock.
 * Prints, per operation, the count, requests/s, p50, p99, the 409/412 answers of races (counted apart,
 * not errors) and the errors; exits 1 on any 5xx, any other unexpected answer, or a network error.
 *
 * The target: LOAD_URL (e.g. `pnpm start:cluster`'s HAProxy, or any deployment with the demo data), or
 * by default a BFF this starts (bench/server.ts, pinned to CPU 1; this process on CPU 0) on a fresh
 * database `load_<random>` (dropped at the end) with the demo data, on a PostgreSQL cluster of its own (autovacuum on, as in production; see `openDatabaseServer`) or BENCH_DATABASE_URL's server.
 * Each virtual user sends X-Forwarded-For with an address of its own (198.18.0.0/15, the benchmarking
 * range) when the target believes it, so that the sign-in throttling (30 a minute per address) counts
 * each apart: always for the BFF it starts (TRUSTED_PROXIES=127.0.0.1/32), and with LOAD_URL when
 * LOAD_FORWARDED_FOR=true (`pnpm start:cluster` trusts 127.0.0.1, so from this machine it does).
 * Otherwise sign-ins past the limit wait for their Retry-After.
 *
 * LOAD_RATE (requests/s, over all the users): a fixed rate instead (an open model: each user's requests
 * are due at rate / LOAD_CONNECTIONS a second, phases spread, times counted from when a request was
 * due). `--soak` (`bench:soak`): issue 23's must-show 4, see `soak` below and docs/performance.md, "Soak".
 */
const { values } = parseArgs({
  args: benchArgs(),
  options: {
    smoke: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
  },
});
/**
 * `--soak` (`bench:soak`): the capacity first (the closed loop for SOAK_CAPACITY_SECONDS, 20; `--smoke`
 * 5), then the mix at SOAK_FRACTION (0.5) of its requests/s for SOAK_MINUTES (10, at most 12: the
 * sessions are not refreshed; `--smoke` 6 "minutes" of 5 s), at a fixed rate, sampling the BFF's RSS.
 */
const soak = values.soak;
const soakMinutes = Number(process.env.SOAK_MINUTES ?? (values.smoke ? 6 : 10));
const minuteMs = values.smoke ? 5_000 : 60_000;
const soakFraction = Number(process.env.SOAK_FRACTION ?? 0.5);
const seconds = Number(
  process.env[soak ? 'SOAK_CAPACITY_SECONDS' : 'LOAD_SECONDS'] ??
    (values.smoke ? 5 : soak ? 20 : 60),
);
/** LOAD_RATE (requests/s over all the users): the fixed-rate (open) mode instead of the closed loop. */
const fixedRate = process.env.LOAD_RATE === undefined ? undefined : Number(process.env.LOAD_RATE);
if (soak && !(Number.isInteger(soakMinutes) && soakMinutes >= 3 && soakMinutes <= 12)) {
  throw new Error('SOAK_MINUTES must be an integer in [3, 12] (sessions are not refreshed)');
}
if (fixedRate !== undefined && !(fixedRate > 0)) throw new Error('LOAD_RATE must be > 0');
const connections = Number(process.env.LOAD_CONNECTIONS ?? (values.smoke ? 4 : 32));
/** The access token lives 15 minutes and the sessions are not refreshed: a run stays under it. */
const MAX_SECONDS = 14 * 60;
if (!(seconds > 0 && seconds <= MAX_SECONDS) || !Number.isInteger(connections) || connections < 1) {
  throw new Error(
    `LOAD_SECONDS must be in (0, ${MAX_SECONDS}] (sessions are not refreshed) and LOAD_CONNECTIONS an integer >= 1`,
  );
}
const PASSWORD = process.env.LOAD_PASSWORD ?? 'portal-demo-passphrase';
/** Sign-ins at once: each costs an argon2id verification. */
const SIGN_IN_CONCURRENCY = 4;

const print = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Target {
  origin: string;
  prefix: string;
  forwardedFor: boolean;
  bff?: ServerProcess<BffReady>;
  close: () => Promise<void>;
}

async function openTarget(): Promise<Target> {
  const given = process.env.LOAD_URL;
  if (given !== undefined && given !== '') {
    const url = new URL(given);
    return {
      origin: url.origin,
      prefix: url.pathname.replace(/\/$/, ''),
      forwardedFor: process.env.LOAD_FORWARDED_FOR === 'true',
      close: async () => {},
    };
  }
  const startedAt = performance.now();
  const server = await openDatabaseServer();
  const admin = server.url;
  const name = `load_${randomBytes(4).toString('hex')}`;
  const drop = async () => {
    await runSql(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await server.close();
  };
  let bff: ServerProcess<BffReady>;
  try {
    await runSql(admin, `CREATE DATABASE "${name}"`);
    const autovacuum = (await runSql(admin, 'SHOW autovacuum')).rows[0]?.autovacuum;
    print(`PostgreSQL: ${server.description}; autovacuum ${String(autovacuum)}`);
    if (autovacuum !== 'on') {
      print(
        'warning: autovacuum is off on this server: the tables the mix grows keep the statistics of the demo data, the planner picks plans for a few rows, and the figures drift with the writes (not what a production server does)',
      );
    }
    bff = await startBff(
      databaseUrl(admin, name),
      { SEED_DEMO_DATA: 'true', TRUSTED_PROXIES: '127.0.0.1/32' },
      // The soak reads the RSS after a full collection once a minute (GET /api/bench/memory/collected).
      [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--expose-gc'],
    );
  } catch (error) {
    await drop();
    throw error;
  }
  print(
    `target: a BFF on CPU ${SERVER_CPU} (bench/server.ts) on a fresh database ${name} with the demo data, ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  return {
    origin: `http://127.0.0.1:${bff.ready.port}`,
    prefix: '',
    forwardedFor: true,
    bff,
    close: async () => {
      await stopServer(bff);
      await drop();
    },
  };
}

/**
 * The PostgreSQL server the BFF's database goes on: BENCH_DATABASE_URL's when given; otherwise a
 * cluster of the run's own (Debian's postgresql-common, as the fault tests make theirs) when the tools
 * and root are there, with the server's defaults, autovacuum on, as a production server runs (the
 * machine's shared server may have it off, as CI's has: then the statistics of the tables the mix grows
 * stay those of the demo data, and what a soak measures is plans going stale, not the BFF); else the
 * shared server on 127.0.0.1:5432.
 */
async function openDatabaseServer(): Promise<{
  url: string;
  description: string;
  close: () => Promise<void>;
}> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given !== undefined && given !== '') {
    return { url: given, description: 'BENCH_DATABASE_URL', close: async () => {} };
  }
  if (await OwnCluster.available()) {
    const cluster = await OwnCluster.create('load');
    const stop = () => void cluster.drop().catch(() => undefined);
    process.once('SIGINT', stop);
    return {
      url: cluster.url,
      description: `a cluster of the run's own (${cluster.name}, port ${cluster.port})`,
      close: async () => {
        process.off('SIGINT', stop);
        await cluster.drop();
      },
    };
  }
  return {
    url: 'postgres://postgres@127.0.0.1:5432/test',
    description: 'the shared server on 127.0.0.1:5432',
    close: async () => {},
  };
}

/** One signed-in session: the cookies to send, the CSRF token to repeat, the client address. */
interface Session {
  account: Account;
  cookie: string;
  csrf: string;
  address: string;
}

/** The account of virtual user `i`: its kind from ROLE_PATTERN, the kind's accounts in turn. */
function accountOf(i: number): Account {
  const role: Role = ROLE_PATTERN[i % ROLE_PATTERN.length] ?? 'member';
  const before = ROLE_PATTERN.slice(0, i % ROLE_PATTERN.length).filter((r) => r === role).length;
  const turn = Math.floor(i / ROLE_PATTERN.length) * ROLE_PATTERN.filter((r) => r === role).length;
  const accounts = ACCOUNTS[role];
  const account = accounts[(turn + before) % accounts.length];
  if (account === undefined) throw new Error(`no ${role} account`);
  return account;
}

async function signIn(
  target: Target,
  account: Account,
  address: string,
  tally: Tally,
): Promise<Session> {
  for (let attempt = 0; ; attempt += 1) {
    const startedAt = performance.now();
    const response = await fetch(`${target.origin}${target.prefix}/api/auth/signin`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(target.forwardedFor ? { 'x-forwarded-for': address } : {}),
      },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    });
    const body = await response.text();
    tally.latencies.push(performance.now() - startedAt);
    if (response.status === 429 && attempt < 5) {
      const wait = Number(response.headers.get('retry-after') ?? '5');
      print(`sign-in of ${account.email} throttled (429): waiting ${wait} s`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    if (response.status !== 200) {
      tally.errors += 1;
      throw new Error(`sign-in of ${account.email}: ${response.status} ${body.slice(0, 300)}`);
    }
    const cookies = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.includes('=') && !pair.includes('refresh'));
    const csrf = cookies.find((pair) => pair.split('=')[0]?.endsWith('csrf'))?.split('=')[1];
    if (csrf === undefined) throw new Error(`sign-in of ${account.email}: no csrf cookie`);
    return { account, cookie: cookies.join('; '), csrf, address };
  }
}

/** The list pages that seed what the virtual users pick from: items, claims and categories. */
async function discover(target: Target, sessions: readonly Session[]): Promise<World> {
  const world: World = { items: new Map(), claims: new Map(), categories: new Map(), slugs: [] };
  const slugs = [...new Set(sessions.map((s) => s.account.slug).filter((s) => s !== undefined))];
  const staff = sessions.find((s) => s.account.role === 'staff');
  for (const slug of ['acme-outdoor', 'northwind', 'globex']) {
    if (staff !== undefined && !slugs.includes(slug)) slugs.push(slug);
  }
  world.slugs = slugs;
  for (const slug of slugs) {
    const session = sessions.find((s) => s.account.slug === slug) ?? staff;
    if (session === undefined) continue;
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${target.origin}${target.prefix}/api/partners/${slug}${path}`, {
        headers: headersOf(target, session),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`GET ${path} of ${slug}: ${response.status} ${body}`);
      return JSON.parse(body) as T;
    };
    type Page = { items: Array<{ id: string }> };
    world.items.set(
      slug,
      (await get<Page>('/inventory?limit=100')).items.map((i) => i.id),
    );
    world.claims.set(
      slug,
      (await get<Page>('/claims?limit=100')).items.map((c) => c.id),
    );
    const facets = await get<{ categories: Array<{ value: string }> }>('/inventory/facets');
    world.categories.set(
      slug,
      facets.categories.map((c) => c.value),
    );
    if ((world.items.get(slug) ?? []).length === 0 || (world.claims.get(slug) ?? []).length === 0) {
      throw new Error(`${slug} has no items or no claims: the load test needs the demo data`);
    }
  }
  return world;
}

function headersOf(target: Target, session: Session): Record<string, string> {
  return {
    cookie: session.cookie,
    accept: 'application/json',
    ...(target.forwardedFor ? { 'x-forwarded-for': session.address } : {}),
  };
}

/** What one operation gave: every answer's time, and the answers by kind. */
class OperationTally extends Tally {
  count = 0;
  /** 409 and 412: races between users (a stale ETag, a claim moved on, stock taken meanwhile). */
  conflicts = 0;
  serverErrors = 0;
  /** Other answers that are not 2xx: the test sent something invalid. */
  unexpected = 0;
  samples: string[] = [];
}

/** One step as an HTTP request of `session`: the closed and the open loop send the same. */
function requestOf(
  target: Target,
  session: Session,
  base: Record<string, string>,
  step: Step,
): { method: Step['method']; path: string; headers: Record<string, string>; body?: string } {
  return {
    method: step.method,
    path: `${target.prefix}${step.path}`,
    headers: {
      ...base,
      ...(step.method === 'GET'
        ? {}
        : { 'x-csrf-token': session.csrf, 'content-type': 'application/json' }),
      ...(step.ifMatch === undefined ? {} : { 'if-match': step.ifMatch }),
    },
    ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
  };
}

/** Counts one answer of an operation: a 409/412 is a conflict the mix expects, any other non-2xx an error. */
function tallyAnswer(tally: OperationTally, status: number, latency: number, body: string): void {
  tally.count += 1;
  tally.latencies.push(latency);
  if (status >= 200 && status < 300) return;
  if (status === 409 || status === 412) tally.conflicts += 1;
  else {
    if (status >= 500) tally.serverErrors += 1;
    else tally.unexpected += 1;
    tally.errors += 1;
    if (tally.samples.length < 3) tally.samples.push(`${status} ${body.slice(0, 200)}`);
  }
}

/**
 * The virtual user's requests for `seconds` on its own connection: an autocannon instance of one
 * connection per user (autocannon clears a connection's context each time it goes round its request
 * list, so the session and the follow-ups live in the VirtualUser, which every request asks for its
 * step). Resolves to its network errors and timeouts.
 */
function runUser(
  target: Target,
  session: Session,
  user: VirtualUser,
  tallies: Map<Operation, OperationTally>,
): Promise<number> {
  const tallyOf = tallyIn(tallies);
  const base = headersOf(target, session);
  return new Promise((resolve, reject) => {
    let answered: { op: Operation; status: number; body: string } | undefined;
    const instance = autocannon(
      {
        url: target.origin,
        connections: 1,
        pipelining: 1,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              ...requestOf(target, session, base, user.next()),
            }),
            onResponse: (status, body, _context, headers) => {
              answered = { op: user.current?.op ?? 'overview', status, body };
              user.answered(status, body, headers ?? {});
            },
          },
        ],
      },
      (error: unknown, result) => {
        if (error !== null && error !== undefined) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve(result.errors);
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      const { op, body } = answered ?? { op: 'overview' as Operation, body: '' };
      answered = undefined;
      tallyAnswer(tallyOf(op), status, responseTime, body);
    });
  });
}

/**
 * The fixed-rate (open) mode of one virtual user: its requests are due at `startAt + phase + k /
 * rate`, each sent when due, or as soon as the user's previous answer came when that is later (a
 * chain's follow-up needs it); a request's time counts from when it was due, not from when it could
 * be sent, so that a slow answer delays no measurement (no coordinated omission). `onAnswer` gets
 * every answer with its due time. Resolves to its network errors and timeouts.
 */
async function runUserAtRate(
  target: Target,
  session: Session,
  user: VirtualUser,
  tallyOf: (op: Operation) => OperationTally,
  rate: number,
  phase: number,
  startAt: number,
  endAt: number,
  onAnswer: (dueAt: number, latency: number, status: number) => void,
): Promise<number> {
  const base = headersOf(target, session);
  const interval = 1000 / rate;
  let networkErrors = 0;
  for (let k = 0; ; k += 1) {
    const dueAt = startAt + phase * interval + k * interval;
    if (dueAt >= endAt) break;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const step = user.next();
    const tally = tallyOf(step.op);
    try {
      const { path, ...init } = requestOf(target, session, base, step);
      const response = await fetch(`${target.origin}${path}`, {
        ...init,
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      const latency = performance.now() - dueAt;
      const status = response.status;
      user.answered(status, body, Object.fromEntries(response.headers));
      tallyAnswer(tally, status, latency, body);
      onAnswer(dueAt, latency, status);
    } catch (error) {
      networkErrors += 1;
      user.answered(0, '', {});
      onAnswer(dueAt, performance.now() - dueAt, 0);
      if (tally.samples.length < 3) tally.samples.push(`network: ${String(error).slice(0, 200)}`);
    }
  }
  return networkErrors;
}

function tallyIn(tallies: Map<Operation, OperationTally>) {
  return (op: Operation): OperationTally => {
    let tally = tallies.get(op);
    if (tally === undefined) {
      tally = new OperationTally();
      tallies.set(op, tally);
    }
    return tally;
  };
}

pin(process.pid, LOAD_CPU);
print(
  `load test (${soak ? 'soak, ' : ''}${values.smoke ? 'smoke' : 'full'}): ${new Date().toISOString()}, ${connections} virtual users × ${seconds} s; machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.versions.node}, load average ${load()} at the start`,
);
const target = await openTarget();
let failed: boolean;
try {
  print(
    `target: ${target.origin}${target.prefix}; client addresses by X-Forwarded-For: ${target.forwardedFor ? 'yes' : 'no'}`,
  );
  const signIns = new Tally();
  const sessions: Session[] = [];
  const accounts = Array.from({ length: connections }, (_, i) => accountOf(i));
  const signInStarted = performance.now();
  for (let i = 0; i < accounts.length; i += SIGN_IN_CONCURRENCY) {
    const batch = accounts.slice(i, i + SIGN_IN_CONCURRENCY);
    sessions.push(
      ...(await Promise.all(
        batch.map((account, j) =>
          signIn(target, account, `198.18.${(i + j) >> 8}.${((i + j) & 255) + 1}`, signIns),
        ),
      )),
    );
  }
  const roles = (role: Role) => sessions.filter((s) => s.account.role === role).length;
  print(
    `${sessions.length} sign-ins in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s (p50 ${signIns.percentile(50).toFixed(0)} ms): ${roles('member')} members reading, ${roles('manager')} managers, ${roles('staff')} staff`,
  );
  const world = await discover(target, sessions);
  const users = sessions.map(
    (session, i) => new VirtualUser(session.account, world, random(0x10ad + i)),
  );

  /** The closed loop (or LOAD_RATE's fixed rate) for `seconds`: the table per operation. */
  const measure = async (rate: number | undefined, label: string) => {
    const tallies = new Map<Operation, OperationTally>();
    const startedAt = performance.now();
    const networkErrors = (
      await Promise.all(
        sessions.map((session, i) =>
          rate === undefined
            ? runUser(target, session, users[i] as VirtualUser, tallies)
            : runUserAtRate(
                target,
                session,
                users[i] as VirtualUser,
                tallyIn(tallies),
                rate / sessions.length,
                i / sessions.length,
                startedAt,
                startedAt + seconds * 1000,
                () => {},
              ),
        ),
      )
    ).reduce((sum, errors) => sum + errors, 0);
    const wall = (performance.now() - startedAt) / 1000;
    return report(tallies, networkErrors, wall, label);
  };

  const report = (
    tallies: Map<Operation, OperationTally>,
    networkErrors: number,
    wall: number,
    label: string,
  ) => {
    const lines = [
      '',
      label,
      '',
      '| operation | count | requests/s | p50 (ms) | p99 (ms) | 409/412 | errors |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    ];
    const all = new OperationTally();
    for (const op of Object.keys(OPERATIONS) as Operation[]) {
      const tally = tallies.get(op);
      if (tally === undefined) continue;
      all.count += tally.count;
      all.conflicts += tally.conflicts;
      all.errors += tally.errors;
      all.serverErrors += tally.serverErrors;
      all.unexpected += tally.unexpected;
      for (const latency of tally.latencies) all.latencies.push(latency);
      lines.push(
        `| ${OPERATIONS[op]} | ${tally.count} | ${(tally.count / wall).toFixed(1)} | ${tally.percentile(50).toFixed(1)} | ${tally.percentile(99).toFixed(1)} | ${tally.conflicts} | ${tally.errors} |`,
      );
    }
    lines.push(
      `| **all** | ${all.count} | ${(all.count / wall).toFixed(1)} | ${all.percentile(50).toFixed(1)} | ${all.percentile(99).toFixed(1)} | ${all.conflicts} | ${all.errors} |`,
    );
    lines.push('');
    lines.push(
      `errors: ${all.serverErrors} × 5xx, ${all.unexpected} other unexpected answers, ${networkErrors} network errors or timeouts; load average ${load()} at the end`,
    );
    for (const [op, tally] of tallies) {
      for (const sample of tally.samples) lines.push(`  ${OPERATIONS[op]}: ${sample}`);
    }
    const bad = all.errors > 0 || networkErrors > 0 || all.count === 0;
    if (bad) lines.push('FAILED: a 5xx, an unexpected answer or a network error');
    lines.forEach(print);
    return { failed: bad, rate: all.count / wall };
  };

  print(
    `sign-in (before the run, ${signIns.latencies.length} requests): p50 ${signIns.percentile(50).toFixed(0)} ms, p99 ${signIns.percentile(99).toFixed(0)} ms`,
  );
  const first = await measure(
    soak ? undefined : fixedRate,
    soak
      ? `capacity: ${connections} virtual users, ${seconds} s, closed loop (one request in flight each, no think time)`
      : fixedRate === undefined
        ? `${connections} virtual users, ${seconds} s, one request in flight each, no think time; requests/s over the measured time, p50/p99 over every answer`
        : `${connections} virtual users, ${seconds} s, at a fixed rate of ${fixedRate} requests/s (each user ${(fixedRate / connections).toFixed(2)}/s, times from when a request was due)`,
  );
  failed = first.failed;
  if (soak && !failed) failed = await runSoak(first.rate * soakFraction);

  async function runSoak(rate: number): Promise<boolean> {
    const pid = target.bff?.pid;
    const minutes = Array.from({ length: soakMinutes }, () => ({
      latencies: new Tally(),
      rss: [] as number[],
      /** The RSS right after a full collection, near the minute's end. */
      collected: Number.NaN,
      failures: 0,
    }));
    const tallies = new Map<Operation, OperationTally>();
    print('');
    print(
      `soak: ${rate.toFixed(1)} requests/s (${soakFraction} × ${(rate / soakFraction).toFixed(1)}) over ${connections} users for ${soakMinutes} × ${minuteMs / 1000} s; RSS of ${pid === undefined ? '(LOAD_URL: not sampled)' : `process ${pid}`} every second; load average ${load()}`,
    );
    const startedAt = performance.now();
    const endAt = startedAt + soakMinutes * minuteMs;
    const bucketOf = (at: number) =>
      Math.min(soakMinutes - 1, Math.max(0, Math.floor((at - startedAt) / minuteMs)));
    const sampler =
      pid === undefined
        ? undefined
        : setInterval(() => {
            const at = performance.now();
            if (at < endAt) minutes[bucketOf(at)]?.rss.push(readRss(pid));
          }, 1_000);
    // Shortly before each minute's end (2 s; half a smoke's 5-s "minute"): a full collection, then the
    // RSS (its pause falls in every minute alike). The answers are awaited before the table is made.
    const collecting: Array<Promise<void>> = [];
    const collections = minutes.map((minute, i) =>
      pid === undefined
        ? undefined
        : setTimeout(
            () => {
              collecting.push(
                fetch(`${target.origin}/api/bench/memory/collected`)
                  .then(async (response) => {
                    if (!response.ok) {
                      throw new Error(`${response.status} ${await response.text()}`);
                    }
                    minute.collected = ((await response.json()) as { rss: number }).rss;
                  })
                  .catch((error: unknown) => {
                    print(`RSS after a collection: ${String(error)}`);
                  }),
              );
            },
            (i + 1) * minuteMs - Math.min(2_000, minuteMs / 2),
          ),
    );
    let networkErrors: number;
    try {
      networkErrors = (
        await Promise.all(
          sessions.map((session, i) =>
            runUserAtRate(
              target,
              session,
              users[i] as VirtualUser,
              tallyIn(tallies),
              rate / sessions.length,
              i / sessions.length,
              startedAt,
              endAt,
              (dueAt, latency, status) => {
                const minute = minutes[bucketOf(dueAt)];
                if (minute === undefined) return;
                minute.latencies.latencies.push(latency);
                if (status === 0 || status >= 500) minute.failures += 1;
              },
            ),
          ),
        )
      ).reduce((sum, errors) => sum + errors, 0);
    } finally {
      if (sampler !== undefined) clearInterval(sampler);
      for (const timer of collections) clearTimeout(timer);
    }
    await Promise.all(collecting);
    const wall = (performance.now() - startedAt) / 1000;
    const summary = report(
      tallies,
      networkErrors,
      wall,
      `soak, per operation: ${connections} users at ${rate.toFixed(1)} requests/s for ${wall.toFixed(1)} s (times from when a request was due)`,
    );
    const mean = (values: readonly number[]) =>
      values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
    const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(1) : '–');
    print('');
    print(
      `| ${values.smoke ? '5 s' : 'minute'} | requests | p50 (ms) | p99 (ms) | RSS after a full GC (MB) | RSS mean (MB) | RSS max (MB) | 5xx/network |`,
    );
    print('| --- | --- | --- | --- | --- | --- | --- | --- |');
    minutes.forEach((minute, i) => {
      print(
        `| ${i + 1}${i === 0 ? ' (warm-up)' : ''} | ${minute.latencies.latencies.length} | ${minute.latencies.percentile(50).toFixed(1)} | ${minute.latencies.percentile(99).toFixed(1)} | ${mb(minute.collected)} | ${mb(mean(minute.rss))} | ${mb(Math.max(...minute.rss))} | ${minute.failures} |`,
      );
    });
    const after = minutes[1];
    const last = minutes[soakMinutes - 1];
    if (after === undefined || last === undefined) throw new Error('no minutes');
    // A minute's RSS is the one read right after a full collection near its end: what the process
    // holds. Between collections the RSS also carries the garbage not yet collected, and V8 grows its
    // old generation towards its limit before a full collection (a sawtooth of 80–170 MB at 240
    // requests/s, its low point rising for minutes, then falling): a minute's mean, peak or floor is
    // the sawtooth's phase, while a leak raises what survives a full collection. The mean's growth is
    // printed beside it.
    const rssGrowth = last.collected / after.collected - 1;
    const rssMeanGrowth = mean(last.rss) / mean(after.rss) - 1;
    const p99Ratio = last.latencies.percentile(99) / after.latencies.percentile(99);
    const checks = [
      {
        ok: pid === undefined || rssGrowth < 0.1,
        line: `RSS after a full collection at the end of the last minute ${mb(last.collected)} MB against ${mb(after.collected)} MB after the warm-up (minute 2): ${(rssGrowth * 100).toFixed(1)} % (target < +10 %; the mean: ${mb(mean(last.rss))} against ${mb(mean(after.rss))} MB, ${(rssMeanGrowth * 100).toFixed(1)} %)`,
      },
      {
        ok: p99Ratio <= 1.5,
        line: `p99 of the last minute ${last.latencies.percentile(99).toFixed(1)} ms against ${after.latencies.percentile(99).toFixed(1)} ms after the warm-up: × ${p99Ratio.toFixed(2)} (target ≤ 1.5)`,
      },
      { ok: !summary.failed, line: 'no 5xx, unexpected answer or network error' },
    ];
    // The smoke's 5-s "minutes" hold ~100 answers each (a p99 of the few slowest) and a process that
    // has not yet grown its heap: its RSS and p99 ratios are printed, not enforced (errors are).
    const enforced = values.smoke ? checks.slice(2) : checks;
    print('');
    for (const check of checks) {
      const mark = check.ok ? 'ok    ' : enforced.includes(check) ? 'MISSED' : 'over  ';
      print(`${mark} ${check.line}${enforced.includes(check) ? '' : ' (smoke: not enforced)'}`);
    }
    print(`load average ${load()} at the end`);
    return enforced.some((check) => !check.ok);
  }
} finally {
  await target.close();
}
process.exitCode = failed ? 1 : 0;
