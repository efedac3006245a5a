import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPgBouncer, type PgBouncer } from '../../test/support/pgbouncer.js';
import { toReplay } from '../replay.js';
import { type ServerProcess, namedStatements, startBff, stopServer } from '../support.js';
import { BenchApi } from '../harness/api.js';
import type { BarePage } from '../harness/bare-server.js';
import { checker, type BenchContext, type Report } from '../harness/context.js';
import { always, type LoadCase, runLoad, Tally } from '../harness/load.js';
import { bottleneck, micros, runRounds, SATURATED, startBare } from '../harness/measure.js';
import { reportErrors } from '../harness/session.js';

/** The target (issue 19, must-show 3): each page at least this share of the bare handler's requests/s. */
const OVER_BARE_RATE = 0.8;
/** The most requests in flight per connection the calibration tries. */
const MAX_PIPELINING = 8;

interface Cursored {
  nextCursor: string | null;
}

/**
 * `--only bare` (docs/performance.md, "The BFF against a bare handler"): the inventory list's first
 * page, its page `deepRows` deep, the claims list's first page and the overview, each on the BFF and
 * on the bare Fastify + pg handler (bare-server.ts) sending the same statements (the partner guard's
 * included) on a pool of the same size and answering the same bytes; one BFF and one bare server,
 * every case interleaved round by round, the same connections and pipelining for all. The pipelining
 * is raised until the bare server is saturated (at least 90 % of its CPU busy): below that the load
 * generator, not the handler, sets the bare rate, and a ratio against it flatters the BFF. Printed
 * per page: requests/s, p99, the server's CPU per request and its busy share, both ways; target: the
 * BFF at ≥ 0.8× the bare requests/s on every page (and the bare server saturated). With `pgbouncer`,
 * both servers reach the database through PgBouncer in transaction mode.
 */
export async function benchVersusBare(
  context: BenchContext,
  { pgbouncer }: { pgbouncer: boolean },
): Promise<Report> {
  const { profile, dataset } = context;
  const lines: string[] = [
    `## the BFF against a bare handler${pgbouncer ? ', through PgBouncer (transaction mode)' : ''}`,
    '',
  ];
  const failures: string[] = [];
  const target = checker({ lines, failures }, profile.enforceTargets);
  let bouncer: PgBouncer | undefined;
  let bff: ServerProcess<{ port: number; token: string }> | undefined;
  let bare: ServerProcess<{ port: number }> | undefined;
  const pagesFile = path.join(tmpdir(), `bench-bare-pages-${process.pid}.json`);
  try {
    if (pgbouncer) {
      // PgBouncer 1.18 in transaction mode keeps no prepared statement: both sides send them unnamed.
      process.env.DATABASE_PREPARED_STATEMENTS = 'false';
      bouncer = await startPgBouncer(context.url);
    }
    const serverUrl = bouncer === undefined ? context.url : bouncer.through(context.url);
    bff = await startBff(serverUrl, {
      SEED_DEMO_DATA: 'false',
      BENCH_USER_EMAIL: dataset.userEmail,
    });
    const api = new BenchApi(bff.ready.port, bff.ready.token);
    const base = `/api/partners/${dataset.slug}`;
    const pages: Array<{ key: string; label: string; path: string }> = [
      { key: 'first', label: 'inventory: first page', path: `${base}/inventory` },
      {
        key: 'deep',
        label: `inventory: page ${profile.deepRows.toLocaleString('en')} rows deep`,
        path: await deepPath(api, `${base}/inventory`, profile.deepRows),
      },
      { key: 'claims', label: 'claims: first page', path: `${base}/claims` },
      { key: 'overview', label: 'overview', path: `${base}/overview` },
    ];

    // Each page's statements as the BFF sends them, and its answer: what the bare handler sends.
    const recorded: Record<string, BarePage> = {};
    for (const page of pages) {
      const statements = await api.statementsOf(page.path);
      recorded[page.key] = { statements: toReplay(statements), body: await api.get(page.path) };
      lines.push(`${page.label}: GET ${page.path.slice(0, 140)}: ${statements.length} statements`);
    }
    bare = await startBare(serverUrl, pagesFile, recorded);
    lines.push(
      `statements ${namedStatements() ? 'named (prepared once per connection)' : 'unnamed (parsed and planned every time)'} on both sides`,
      '',
    );

    const cases: LoadCase[] = pages.flatMap((page) => [
      {
        key: page.key,
        label: page.label,
        port: api.port,
        nextPath: always(page.path),
        headers: api.headers,
        pid: bff?.pid,
        database: bff?.database,
      },
      {
        key: `bare-${page.key}`,
        label: `bare: ${page.label}`,
        port: bare?.ready.port ?? 0,
        nextPath: always(`/bare/${page.key}`),
        headers: {},
        pid: bare?.pid,
        database: bare?.database,
      },
    ]);

    // Enough requests in flight that the bare server is saturated on its cheapest page: pipelining
    // doubled while the bare server is not and the doubling still raises its rate (when PostgreSQL
    // and the servers already fill the machine's CPUs, more in flight only queues).
    const cheapest = cases.find((c) => c.key === 'bare-first') as LoadCase;
    let pipelining = 1;
    let best = 0;
    for (let trying = 1; trying <= MAX_PIPELINING; trying *= 2) {
      const probe = new Tally();
      await runLoad(
        { ...cheapest, pipelining: trying },
        profile.warmUpSeconds,
        profile.connections,
        probe,
      );
      lines.push(
        `calibration: ${profile.connections} connections × pipelining ${trying}: bare ${Math.round(probe.rate)} requests/s, ${Math.round(probe.busy * 100)} % busy; ${bottleneck(probe)}`,
      );
      if (probe.rate < best * 1.05) break;
      pipelining = trying;
      best = probe.rate;
      if (probe.busy >= SATURATED) break;
    }
    for (const loadCase of cases) loadCase.pipelining = pipelining;

    const tallies = await runRounds(profile, cases);
    const tally = (key: string) => tallies.get(key) ?? new Tally();
    lines.push(
      '',
      `${profile.rounds} interleaved rounds of ${profile.seconds} s per case, ${profile.connections} connections × pipelining ${pipelining}; p99 over every request of every round`,
      '',
      '| page | BFF requests/s | bare requests/s | ratio | BFF p99 (ms) | bare p99 (ms) | BFF CPU µs/request (busy) | bare CPU µs/request (busy) | bare CPU / BFF CPU | PostgreSQL CPU µs/request (BFF; bare) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const page of pages) {
      const bff = tally(page.key);
      const reference = tally(`bare-${page.key}`);
      lines.push(
        `| ${page.label} | ${Math.round(bff.rate)} | ${Math.round(reference.rate)} | ${(bff.rate / reference.rate).toFixed(2)}× | ${bff.percentile(99).toFixed(1)} | ${reference.percentile(99).toFixed(1)} | ${Math.round(bff.cpuPerRequest)} (${Math.round(bff.busy * 100)} %) | ${Math.round(reference.cpuPerRequest)} (${Math.round(reference.busy * 100)} %) | ${(reference.cpuPerRequest / bff.cpuPerRequest).toFixed(2)}× | ${micros(bff.databaseCpuPerRequest)}; ${micros(reference.databaseCpuPerRequest)} |`,
      );
    }
    lines.push('');
    for (const page of pages) {
      const bff = tally(page.key);
      const reference = tally(`bare-${page.key}`);
      target(
        reference.busy >= SATURATED,
        `bare ${page.label}: ${Math.round(reference.busy * 100)} % busy (saturated: ≥ ${SATURATED * 100} %); ${bottleneck(reference)}`,
      );
      target(
        bff.rate / reference.rate >= OVER_BARE_RATE,
        `${page.label}: BFF / bare requests/s = ${(bff.rate / reference.rate).toFixed(2)}× (target ≥ ${OVER_BARE_RATE}×; CPU per request ${(reference.cpuPerRequest / bff.cpuPerRequest).toFixed(2)}×)`,
      );
    }
    reportErrors(tallies.values(), { lines, failures });
    return { lines, failures };
  } finally {
    rmSync(pagesFile, { force: true });
    if (bare !== undefined) await stopServer(bare);
    if (bff !== undefined) await stopServer(bff);
    await bouncer?.stop();
  }
}

/** A cursor `rows` deep into `base`, obtained the way a client gets one: by walking the list. */
async function deepPath(api: BenchApi, base: string, rows: number): Promise<string> {
  const limit = 100;
  let cursor: string | null = null;
  for (let walked = 0; walked < rows; walked += limit) {
    const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: Cursored = await api.get<Cursored>(`${base}?limit=${limit}${suffix}`);
    cursor = page.nextCursor;
    if (cursor === null) throw new Error(`${base} ended before ${rows} rows`);
  }
  return `${base}?cursor=${encodeURIComponent(cursor ?? '')}`;
}
