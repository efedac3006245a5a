import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { PARTNER_ACCESS_SQL } from '#src/partners/partners.repository.js';
import type { RecordedStatement } from '../query-counter.js';
import { toReplay } from '../replay.js';
import {
  type BffReady,
  namedStatements,
  type ServerProcess,
  startServer,
  stopServer,
} from '../support.js';
import type { BarePage } from './bare-server.js';
import type { BenchApi } from './api.js';
import { type BenchContext, checker, type Profile, type Report } from './context.js';
import { always, type LoadCase, runLoad, Tally } from './load.js';
import { bareCase, reportErrors } from './session.js';

/** Targets, as ratios in the same run (issue 8, "Must be shown" 4; issue 9, point 6). */
const DEEP_OVER_DETAIL_P99 = 2;
const SEARCH_OVER_DETAIL_P99 = 10;
const LIST_OVER_BARE_RATE = 0.8;

/** A server at least this busy (CPU time / wall time) is saturated: the load generator keeps up. */
export const SATURATED = 0.9;

/**
 * The bare handler (bare-server.ts) answering `pages` (`GET /bare/<key>`), on the database of `url`
 * (direct or through PgBouncer), its statements named as the BFF's are (support.ts, namedStatements);
 * `file` holds the pages while it runs (the caller removes it).
 */
export function startBare(
  url: string,
  file: string,
  pages: Record<string, BarePage>,
): Promise<ServerProcess<{ port: number }>> {
  writeFileSync(file, JSON.stringify(pages));
  return startServer<{ port: number }>('dist/bench/bench/harness/bare-server.js', {
    DATABASE_URL: url,
    BARE_PAGES: file,
    BARE_NAMED_STATEMENTS: String(namedStatements()),
  });
}

/**
 * What holds an unsaturated server back: the load generator when it is on its CPU all the time, the
 * machine when every CPU is busy (PostgreSQL and the server share them), otherwise the server waits.
 */
export function bottleneck(tally: Tally): string {
  const figures = `load generator ${Math.round(tally.loadBusy * 100)} % busy, machine ${Math.round(tally.machineBusy * 100)} % busy`;
  if (tally.busy >= SATURATED) return figures;
  if (tally.loadBusy >= SATURATED) return `${figures}: the load generator sets the rate`;
  if (tally.machineBusy >= SATURATED) {
    return `${figures}: the machine is, PostgreSQL and the servers share its CPUs`;
  }
  return `${figures}: the server waits (on PostgreSQL or the pool)`;
}

/** The BFF under test, the bench's calls to it, and the bench's own database connection. */
export interface Measured {
  bff: ServerProcess<BffReady>;
  api: BenchApi;
  db: pg.Client;
}

/**
 * Measures a list's cases on one BFF, interleaved, and checks the targets: what each case sends to
 * PostgreSQL (and EXPLAIN ANALYZE of it); then the first page's statements recorded and replayed by a
 * bare Fastify + pg handler (bare-server.ts) and by the BFF's bench routes, rung by rung (framework,
 * TypeORM, the partner chain); rounds of every case in turn; the table; the targets: deep page p99 ≤
 * 2× item detail p99, search p99 ≤ 10× item detail p99, first page requests/s ≥ 0.8× bare.
 * `cases` must hold `detail` (the item detail), `first`, `deep` and `search`; `firstPath` is the
 * first page's path. The bench:inventory and bench:claims lists both run through here.
 */
export async function measureCases(
  context: BenchContext,
  { bff, api, db }: Measured,
  cases: LoadCase[],
  firstPath: string,
  searchLabel: string,
  { lines, failures }: Report,
): Promise<void> {
  const { profile, dataset } = context;
  let bare: ServerProcess<{ port: number }> | undefined;
  const statementsFile = path.join(tmpdir(), `bench-list-statements-${process.pid}.json`);
  try {
    // What each case sends to PostgreSQL, and what PostgreSQL spends on it (EXPLAIN ANALYZE).
    const statementsPerRequest = new Map<string, number>();
    for (const target of cases) {
      const path = target.nextPath();
      const statements = await api.statementsOf(path);
      statementsPerRequest.set(target.key, statements.length);
      lines.push(`${target.label}: GET ${path.length > 140 ? `${path.slice(0, 140)}…` : path}`);
      lines.push(...(await explain(db, statements, profile.explain)));
    }
    lines.push('');

    // The first page's statements, recorded last: the bare handler and the bench routes replay them.
    const recorded = await api.statementsOf(firstPath);
    bare = await startBare(context.url, statementsFile, {
      first: { statements: toReplay(recorded), body: await api.get(firstPath) },
    });
    const guarded = recorded.filter((statement) => statement.text !== PARTNER_ACCESS_SQL).length;
    cases.push(
      bareCase(bare, 'bare', "bare Fastify + pg: the first page's SQL", 'first'),
      {
        key: 'framework',
        label: "the same SQL in the BFF: a public route, on TypeORM's pg Pool",
        port: api.port,
        nextPath: always('/api/bench/replay-pool'),
        headers: {},
        pid: bff.pid,
        database: bff.database,
      },
      {
        key: 'typeorm',
        label: 'the same SQL in the BFF: a public route, by dataSource.query',
        port: api.port,
        nextPath: always('/api/bench/replay'),
        headers: {},
        pid: bff.pid,
        database: bff.database,
      },
      {
        key: 'chain',
        label: 'the same SQL behind the partner chain (JWT, partner guard)',
        port: api.port,
        nextPath: always(`/api/partners/${dataset.slug}/bench/replay`),
        headers: api.headers,
        pid: bff.pid,
        database: bff.database,
      },
    );
    for (const key of ['bare', 'framework', 'typeorm']) {
      statementsPerRequest.set(key, recorded.length);
    }
    statementsPerRequest.set('chain', guarded + 1);

    const tallies = await runRounds(profile, cases);
    lines.push(...figuresTable(profile, cases, tallies, statementsPerRequest), '');

    const tally = (key: string) => tallies.get(key) ?? new Tally();
    const p99 = (key: string) => tally(key).percentile(99);
    const ratio = (value: number) => `${value.toFixed(2)}×`;
    const deep = p99('deep') / p99('detail');
    const search = p99('search') / p99('detail');
    const rate = tally('first').rate / tally('bare').rate;
    const target = checker({ lines, failures }, profile.enforceTargets);
    target(
      deep <= DEEP_OVER_DETAIL_P99,
      `deep page p99 / item detail p99 = ${ratio(deep)} (target ≤ ${DEEP_OVER_DETAIL_P99}×); deep / first page p99 = ${ratio(p99('deep') / p99('first'))}`,
    );
    target(
      search <= SEARCH_OVER_DETAIL_P99,
      `${searchLabel} p99 / item detail p99 = ${ratio(search)} (target ≤ ${SEARCH_OVER_DETAIL_P99}×)`,
    );
    target(
      rate >= LIST_OVER_BARE_RATE,
      `list requests/s / bare requests/s = ${ratio(rate)} (target ≥ ${LIST_OVER_BARE_RATE}×; bare CPU per request / the list's = ${ratio(tally('bare').cpuPerRequest / tally('first').cpuPerRequest)}, the bare server ${Math.round(tally('bare').busy * 100)} % busy${tally('bare').busy < SATURATED ? ', NOT saturated: read the CPU ratio' : ''}; ${bottleneck(tally('bare'))})`,
    );
    // Where the list's time goes above its SQL: the server's own CPU per request, rung by rung.
    const us = (key: string) => tally(key).cpuPerRequest;
    lines.push(
      `first page, server CPU µs per request: ${us('bare').toFixed(0)} bare; +${(us('framework') - us('bare')).toFixed(0)} the BFF's framework (Nest, Fastify plugins, request log); +${(us('typeorm') - us('framework')).toFixed(0)} TypeORM's query path; +${(us('chain') - us('typeorm')).toFixed(0)} JWT and partner guard; +${(us('first') - us('chain')).toFixed(0)} the list endpoint's own work (validation, query building, entities, DTOs, cursors) = ${us('first').toFixed(0)}`,
    );
    reportErrors(tallies.values(), { lines, failures });
  } finally {
    rmSync(statementsFile, { force: true });
    if (bare !== undefined) await stopServer(bare);
  }
}

/**
 * Every case's warm-up, then `profile.rounds` rounds of every case in turn (interleaved, so that a
 * change of the machine's load falls on every case alike): the tallies by case key.
 */
export async function runRounds(
  profile: Profile,
  cases: readonly LoadCase[],
): Promise<Map<string, Tally>> {
  const tallies = new Map(cases.map((target) => [target.key, new Tally()]));
  for (const target of cases) await runLoad(target, profile.warmUpSeconds, profile.connections);
  for (let round = 0; round < profile.rounds; round += 1) {
    for (const target of cases) {
      await runLoad(target, profile.seconds, profile.connections, tallies.get(target.key));
    }
  }
  return tallies;
}

/** A CPU time per request, µs, as the tables print it: `–` when it was not measured. */
export const micros = (value: number): string =>
  Number.isNaN(value) ? '–' : String(Math.round(value));

/** The figures of the cases as a Markdown table (docs/performance.md). */
export function figuresTable(
  profile: Profile,
  cases: readonly LoadCase[],
  tallies: ReadonlyMap<string, Tally>,
  statementsPerRequest: ReadonlyMap<string, number>,
): string[] {
  const lines = [
    `${profile.rounds} interleaved rounds of ${profile.seconds} s per case, ${profile.connections} connections; p50/p99 over every request of every round`,
    '',
    '| case | requests/s | p50 (ms) | p99 (ms) | statements/request | bytes/response | server CPU µs/request (busy) | PostgreSQL CPU µs/request |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const target of cases) {
    const tally = tallies.get(target.key) ?? new Tally();
    lines.push(
      `| ${target.label} | ${Math.round(tally.rate)} | ${tally.percentile(50).toFixed(1)} | ${tally.percentile(99).toFixed(1)} | ${statementsPerRequest.get(target.key)} | ${Math.round(tally.bytesPerResponse)} | ${Math.round(tally.cpuPerRequest)} (${Math.round(tally.busy * 100)} %) | ${micros(tally.databaseCpuPerRequest)} |`,
    );
  }
  return lines;
}

interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/**
 * One line per statement: its server time by EXPLAIN ANALYZE (the second of two runs, as a warm
 * connection of the pool would see it) and the plan's scans; with `full`, the whole text plan too.
 * Statements that are not plain reads (EXPLAIN itself, SET, ...) are listed only.
 */
export async function explain(
  db: pg.Client,
  statements: readonly RecordedStatement[],
  full: boolean,
): Promise<string[]> {
  const lines: string[] = [];
  for (const statement of statements) {
    const head = statement.text.replace(/\s+/g, ' ').trim();
    const short = head.length > 110 ? `${head.slice(0, 110)}…` : head;
    // A leading comment (a declared cross-tenant read's mark) does not make a read anything else.
    if (!/^(\/\*.*?\*\/\s*)?(SELECT|WITH)\b/i.test(head)) {
      lines.push(`  - ${short}`);
      continue;
    }
    const explainJson = `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`;
    await db.query(explainJson, statement.values);
    const result = await db.query(explainJson, statement.values);
    const value: unknown = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
    const [plan] = (typeof value === 'string' ? JSON.parse(value) : value) as [
      {
        Plan: PlanNode;
        'Execution Time': number;
        'Planning Time': number;
      },
    ];
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Node Type']?.includes('Scan') === true) {
        scans.push(
          `${node['Node Type']}${node['Index Name'] === undefined ? '' : ` ${node['Index Name']}`} (${node['Actual Rows']} rows)`,
        );
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
    lines.push(
      `  - ${plan['Execution Time'].toFixed(2)} ms (+${plan['Planning Time'].toFixed(2)} planning): ${scans.join(', ')}: ${short}`,
    );
    if (full) {
      const text = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      for (const row of text.rows as Array<{ 'QUERY PLAN': string }>) {
        lines.push(`      ${row['QUERY PLAN']}`);
      }
    }
  }
  return lines;
}
