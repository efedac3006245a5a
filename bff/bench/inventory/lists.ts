import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordedStatement } from '../query-counter.js';
import pg from 'pg';
import { PARTNER_ACCESS_SQL } from '../../src/partners/partners.repository.js';
import { startBff, startServer, stopServer } from '../support.js';
import { BenchApi } from './api.js';
import { toReplay } from '../replay.js';
import { type BenchContext, checker, type Report } from './context.js';
import { always, inTurn, type LoadCase, runLoad, Tally } from './load.js';

/** Targets, as ratios in the same run (issue 8, "Must be shown" 4). */
const DEEP_OVER_DETAIL_P99 = 2;
const SEARCH_OVER_DETAIL_P99 = 10;
const LIST_OVER_BARE_RATE = 0.7;
/** Item ids the detail case goes round (random items of the big partner, not one hot row). */
const DETAIL_IDS = 1000;
/** Matches a "realistic selective" search term should have. */
const SEARCH_MATCHES = { min: 100, max: 3000, ideal: 1000 };

interface ListPage {
  items: Array<{ id: string; sku: string }>;
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

/**
 * The list cases of bench:inventory: item detail, first page, a page `deepRows` deep (its cursor found
 * by walking the list), a filtered page, a substring search, and the bare handler replaying the first
 * page's SQL, measured interleaved on one BFF.
 */
export async function benchLists(context: BenchContext): Promise<Report> {
  const { profile, dataset } = context;
  const lines: string[] = [];
  const failures: string[] = [];
  const bff = await startBff(context.url, {
    SEED_DEMO_DATA: 'false',
    BENCH_USER_EMAIL: dataset.userEmail,
  });
  let bare: Awaited<ReturnType<typeof startServer<{ port: number }>>> | undefined;
  const statementsFile = path.join(tmpdir(), `bench-inventory-statements-${process.pid}.json`);
  // The bench's own reads (the workload, EXPLAIN ANALYZE): one connection, its caches warm.
  const db = new pg.Client({ connectionString: context.url });
  await db.connect();
  try {
    const api = new BenchApi(bff.ready.port, bff.ready.token);
    const base = `/api/partners/${dataset.slug}/inventory`;
    const workload = await findWorkload(context, db, api, base, lines);

    const bffCase = (key: string, label: string, nextPath: () => string): LoadCase => ({
      key,
      label,
      port: api.port,
      nextPath,
      headers: api.headers,
      pid: bff.pid,
    });
    const cases: LoadCase[] = [
      bffCase('detail', 'item detail', inTurn(workload.detail)),
      bffCase('first', 'list: first page', always(workload.first)),
      bffCase(
        'deep',
        `list: page ${profile.deepRows.toLocaleString('en')} rows deep`,
        always(workload.deep),
      ),
      bffCase('filtered', `list: ${workload.filterLabel}`, always(workload.filtered)),
      bffCase('search', `list: search "${workload.term}"`, always(workload.search)),
    ];

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
    const recorded = await api.statementsOf(workload.first);
    writeFileSync(statementsFile, JSON.stringify(toReplay(recorded)));
    bare = await startServer<{ port: number }>('dist/bench/bench/inventory/bare-server.js', {
      DATABASE_URL: context.url,
      BARE_STATEMENTS: statementsFile,
    });
    const guarded = recorded.filter((statement) => statement.text !== PARTNER_ACCESS_SQL).length;
    cases.push(
      {
        key: 'bare',
        label: "bare Fastify + pg: the first page's SQL",
        port: bare.ready.port,
        nextPath: always('/list'),
        headers: {},
        pid: bare.pid,
      },
      {
        key: 'framework',
        label: "the same SQL in the BFF: a public route, on TypeORM's pg Pool",
        port: api.port,
        nextPath: always('/api/bench/replay-pool'),
        headers: {},
        pid: bff.pid,
      },
      {
        key: 'typeorm',
        label: 'the same SQL in the BFF: a public route, by dataSource.query',
        port: api.port,
        nextPath: always('/api/bench/replay'),
        headers: {},
        pid: bff.pid,
      },
      bffCase(
        'chain',
        'the same SQL behind the partner chain (JWT, partner guard)',
        always(`/api/partners/${dataset.slug}/bench/replay`),
      ),
    );
    for (const key of ['bare', 'framework', 'typeorm']) {
      statementsPerRequest.set(key, recorded.length);
    }
    statementsPerRequest.set('chain', guarded + 1);

    const tallies = new Map(cases.map((target) => [target.key, new Tally()]));
    for (const target of cases) await runLoad(target, profile.warmUpSeconds, profile.connections);
    for (let round = 0; round < profile.rounds; round += 1) {
      for (const target of cases) {
        await runLoad(target, profile.seconds, profile.connections, tallies.get(target.key));
      }
    }

    lines.push(
      `${profile.rounds} interleaved rounds of ${profile.seconds} s per case, ${profile.connections} connections; p50/p99 over every request of every round`,
      '',
      '| case | requests/s | p50 (ms) | p99 (ms) | statements/request | bytes/response | server CPU µs/request (busy) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const target of cases) {
      const tally = tallies.get(target.key) ?? new Tally();
      lines.push(
        `| ${target.label} | ${Math.round(tally.rate)} | ${tally.percentile(50).toFixed(1)} | ${tally.percentile(99).toFixed(1)} | ${statementsPerRequest.get(target.key)} | ${Math.round(tally.bytesPerResponse)} | ${Math.round(tally.cpuPerRequest)} (${Math.round(tally.busy * 100)} %) |`,
      );
    }
    lines.push('');

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
      `substring search p99 / item detail p99 = ${ratio(search)} (target ≤ ${SEARCH_OVER_DETAIL_P99}×)`,
    );
    target(
      rate >= LIST_OVER_BARE_RATE,
      `list requests/s / bare requests/s = ${ratio(rate)} (target ≥ ${LIST_OVER_BARE_RATE}×)`,
    );
    // Where the list's time goes above its SQL: the server's own CPU per request, rung by rung.
    const us = (key: string) => tally(key).cpuPerRequest;
    lines.push(
      `first page, server CPU µs per request: ${us('bare').toFixed(0)} bare; +${(us('framework') - us('bare')).toFixed(0)} the BFF's framework (Nest, Fastify plugins, request log); +${(us('typeorm') - us('framework')).toFixed(0)} TypeORM's query path; +${(us('chain') - us('typeorm')).toFixed(0)} JWT and partner guard; +${(us('first') - us('chain')).toFixed(0)} the list endpoint's own work (validation, query building, entities, DTOs, cursors) = ${us('first').toFixed(0)}`,
    );
    const errors = [...tallies.values()].reduce((sum, t) => sum + t.errors, 0);
    if (errors > 0) {
      lines.push(`FAILED: ${errors} non-2xx answers or errors`);
      failures.push(`${errors} non-2xx answers or errors`);
    }
    return { lines, failures };
  } finally {
    rmSync(statementsFile, { force: true });
    await db.end();
    if (bare !== undefined) await stopServer(bare);
    await stopServer(bff);
  }
}

interface Workload {
  detail: string[];
  first: string;
  deep: string;
  filtered: string;
  filterLabel: string;
  search: string;
  term: string;
}

/** The requests of each case, from the data set itself and from walking the list. */
async function findWorkload(
  context: BenchContext,
  db: pg.Client,
  api: BenchApi,
  base: string,
  lines: string[],
): Promise<Workload> {
  const { dataset, profile } = context;
  const sql = (text: string, values: unknown[] = []) => db.query(text, values);

  const ids = await sql(
    `SELECT id FROM inventory_items TABLESAMPLE SYSTEM (1) REPEATABLE (8)
      WHERE partner_id = $1 LIMIT ${DETAIL_IDS}`,
    [dataset.partnerId],
  );
  const detail = ids.rows.map((row: { id: string }) => `${base}/${row.id}`);
  if (detail.length === 0) throw new Error('no item of the big partner sampled');

  // A cursor `deepRows` rows deep, obtained the way a client gets one: by walking the list.
  const first = base;
  const walkLimit = 100;
  let cursor: string | null = null;
  for (let walked = 0; walked < profile.deepRows; walked += walkLimit) {
    const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: ListPage = await api.get<ListPage>(`${base}?limit=${walkLimit}${suffix}`);
    cursor = page.nextCursor;
    if (cursor === null) throw new Error(`the list ended before ${profile.deepRows} rows`);
  }
  const deep = `${base}?cursor=${encodeURIComponent(cursor ?? '')}`;
  await checkDeepPage(context, db, api, first, deep, lines);

  const category = await sql(
    `SELECT value FROM inventory_facet_counts
      WHERE partner_id = $1 AND facet = 'category' AND item_count > 0
      ORDER BY item_count DESC, value LIMIT 1`,
    [dataset.partnerId],
  );
  const categoryName = (category.rows[0] as { value: string } | undefined)?.value;
  if (categoryName === undefined) throw new Error('the big partner has no category');
  const filtered = `${base}?category=${encodeURIComponent(categoryName)}&stock=low`;

  const term =
    profile.searchTerm === undefined
      ? await pickSearchTerm(context, db)
      : { text: profile.searchTerm, matches: undefined };
  const search = `${base}?q=${encodeURIComponent(term.text)}`;
  const page = await api.get<ListPage>(search);
  lines.push(
    `search term "${term.text}": ${term.matches ?? '?'} matching items (total answered: ${page.total}${page.totalExact ? '' : ', estimate'})`,
  );
  return {
    detail,
    first,
    deep,
    filtered,
    filterLabel: `category "${categoryName}" + stock low`,
    search,
    term: term.text,
  };
}

/** The deep page must start at row `deepRows` + 1 of the default order (checked when that is by SKU). */
async function checkDeepPage(
  context: BenchContext,
  db: pg.Client,
  api: BenchApi,
  first: string,
  deep: string,
  lines: string[],
): Promise<void> {
  const bySku = (offset: number) =>
    db
      .query(
        `SELECT id FROM inventory_items WHERE partner_id = $1 ORDER BY sku, id OFFSET $2 LIMIT 1`,
        [context.dataset.partnerId, offset],
      )
      .then((result) => (result.rows[0] as { id: string } | undefined)?.id);
  const [firstPage, deepPage] = await Promise.all([
    api.get<ListPage>(first),
    api.get<ListPage>(deep),
  ]);
  if (firstPage.items[0]?.id !== (await bySku(0))) {
    lines.push('deep page: the default order is not by SKU, its depth is not checked');
    return;
  }
  const expected = await bySku(context.profile.deepRows);
  if (deepPage.items[0]?.id !== expected) {
    throw new Error(`the deep page does not start at row ${context.profile.deepRows + 1}`);
  }
  lines.push(
    `deep page starts at row ${(context.profile.deepRows + 1).toLocaleString('en')} by SKU (checked against SQL); first page total ${firstPage.total}${firstPage.totalExact ? '' : ' (estimate)'}`,
  );
}

/** The search expression of the trigram index (docs/api.md; migration 1795500000000). */
const SEARCH_EXPRESSION = `(sku || ' ' || name || ' ' || coalesce(barcode, '')) COLLATE "default"`;

/**
 * A realistic selective term: what a person types for a product, the first two words of an item's
 * name (the brand and the product, e.g. "keepsake photo"), taken from sampled items of the big
 * partner: the one whose matches are nearest SEARCH_MATCHES.ideal, within .min–.max.
 */
async function pickSearchTerm(
  context: BenchContext,
  db: pg.Client,
): Promise<{ text: string; matches?: number }> {
  const { partnerId } = context.dataset;
  const sample = await db.query(
    `SELECT name FROM inventory_items TABLESAMPLE SYSTEM (1) REPEATABLE (3) WHERE partner_id = $1 LIMIT 20`,
    [partnerId],
  );
  const candidates = new Set<string>();
  for (const { name } of sample.rows as Array<{ name: string }>) {
    const words = name.split(/[\s,]+/).filter((word) => /^[\p{L}\p{N}-]+$/u.test(word));
    if (words.length >= 2) candidates.add(words.slice(0, 2).join(' ').toLowerCase());
  }
  let best: { text: string; matches: number } | undefined;
  const distance = (n: number) => Math.abs(Math.log(n / SEARCH_MATCHES.ideal));
  for (const text of [...candidates].slice(0, 40)) {
    const result = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM inventory_items
        WHERE partner_id = $1 AND ${SEARCH_EXPRESSION} ILIKE '%' || $2 || '%' LIMIT ${SEARCH_MATCHES.max + 1}) AS m`,
      [partnerId, text],
    );
    const matches = (result.rows[0] as { n: number }).n;
    if (matches < SEARCH_MATCHES.min || matches > SEARCH_MATCHES.max) continue;
    if (best === undefined || distance(matches) < distance(best.matches)) best = { text, matches };
  }
  if (best === undefined) throw new Error('no selective search term found: pass --search');
  return best;
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
async function explain(
  db: pg.Client,
  statements: readonly RecordedStatement[],
  full: boolean,
): Promise<string[]> {
  const lines: string[] = [];
  for (const statement of statements) {
    const head = statement.text.replace(/\s+/g, ' ').trim();
    const short = head.length > 110 ? `${head.slice(0, 110)}…` : head;
    if (!/^(SELECT|WITH)\b/i.test(head)) {
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
