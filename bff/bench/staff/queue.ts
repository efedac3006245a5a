import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '#src/database/data-source-options.js';
import { BenchApi } from '../harness/api.js';
import { checker, type Profile, type Report } from '../harness/context.js';
import { always, inTurn, type LoadCase, Tally } from '../harness/load.js';
import { explain, figuresTable, runRounds, startBare } from '../harness/measure.js';
import { toReplay } from '../replay.js';
import { bareCase, casesOn } from '../harness/session.js';
import {
  benchArgs,
  databaseUrl,
  LOAD_CPU,
  pin,
  runSql,
  type ServerProcess,
  startBff,
  stopServer,
} from '../support.js';

/**
 * `pnpm --filter @partner-portal/bff bench:staff` (docs/performance.md, "Staff queue"): the review
 * queue across 10,000 partners and 1,000,000 waiting claims (`--smoke`: 200 and 20,000). The cases,
 * measured interleaved on one BFF against the item detail (a member's, as in bench:inventory): the
 * queue's first page, a page `deepRows` deep (its cursor found by walking the queue), the queue
 * filtered by a partner (partners in turn), and `assignee=me`; besides the targets, the summary and
 * the partner directory. Target: each queue case's p99 ≤ 2× the item detail's p99. EXPLAIN ANALYZE of
 * every case's statements is printed (the index each reads). On BENCH_STAFF_DATABASE_URL (default
 * bench_staff on 127.0.0.1:5432; the smoke run `<name>_smoke`), loaded by SQL generate_series unless it
 * holds the data set already (`--reload` loads it again). Exits 1 on a missed target of a full run.
 */
const { values } = parseArgs({
  args: benchArgs(),
  options: {
    reload: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});

interface StaffProfile {
  partners: number;
  claims: number;
  /** Decided claims besides the waiting ones (the summary's 7 and 30 days). */
  decided: number;
  /** Items of the first partner (the item detail case) and of each other partner. */
  bigItems: number;
  otherItems: number;
  staff: number;
  deepRows: number;
}

const FULL: StaffProfile = {
  partners: 10_000,
  claims: 1_000_000,
  decided: 100_000,
  bigItems: 2_000,
  otherItems: 3,
  staff: 20,
  deepRows: 10_000,
};
const SMOKE: StaffProfile = {
  partners: 200,
  claims: 20_000,
  decided: 2_000,
  bigItems: 200,
  otherItems: 3,
  staff: 20,
  deepRows: 2_000,
};
const size = values.smoke ? SMOKE : FULL;
const timing: Profile = {
  name: values.smoke ? 'smoke' : 'full',
  bigItems: size.bigItems,
  otherPartners: size.partners - 1,
  otherItems: size.otherItems,
  movementsPerItem: 0,
  bigClaims: 0,
  otherClaims: 0,
  deepRows: size.deepRows,
  rounds: Number(process.env.BENCH_ROUNDS ?? (values.smoke ? 1 : 5)),
  seconds: Number(process.env.BENCH_SECONDS ?? (values.smoke ? 1 : 4)),
  warmUpSeconds: values.smoke ? 1 : 2,
  connections: 16,
  pauses: 0,
  pauseSeconds: 0,
  enforceTargets: !values.smoke,
  explain: values.explain,
  referenceRuns: 1,
};

/** Each queue case's p99 at most this many times the item detail's p99. */
const QUEUE_OVER_DETAIL_P99 = 2;
const STAFF_EMAIL = 'bench-staff-1@staff-bench.example';
const MEMBER_EMAIL = 'bench-admin@staff-bench.example';

const configured =
  process.env.BENCH_STAFF_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_staff';
const url = values.smoke
  ? databaseUrl(configured, `${decodeURIComponent(new URL(configured).pathname.slice(1))}_smoke`)
  : configured;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Whether the database holds the data set of this size. */
async function loaded(): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const [row] = (
      await client.query<{ partners: string; waiting: string }>(
        `SELECT (SELECT count(*) FROM partners) AS partners,
                (SELECT coalesce(sum(claim_count), 0) FROM claim_counts
                  WHERE status IN ('submitted', 'in_review')) AS waiting`,
      )
    ).rows;
    return Number(row?.partners) === size.partners && Number(row?.waiting) === size.claims;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/**
 * The data set, by SQL alone: partners `p-000001`…, their items, staff users (claims assigned to
 * them), a member of the first partner, and the waiting claims spread over every partner (waiting
 * 0–30 days, about a third assigned), and decided claims of the last 60 days.
 */
async function load(): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = databaseUrl(url, 'postgres');
  await runSql(maintenance, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await runSql(maintenance, `CREATE DATABASE "${name}"`);
  const dataSource = new DataSource(dataSourceOptions({ url, poolSize: 1, migrationsRun: false }));
  await dataSource.initialize();
  await dataSource.runMigrations();
  await dataSource.destroy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string) => {
    const startedAt = performance.now();
    await client.query(text);
    print(`  ${label}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  };
  try {
    const { partners, claims, decided, bigItems, otherItems, staff } = size;
    await step(
      'partners',
      `INSERT INTO partners (slug, name, time_zone, currency)
       SELECT 'p-' || lpad(g::text, 6, '0'), 'Partner ' || lpad(g::text, 6, '0') || ' ' ||
              (ARRAY['Outdoor', 'Goods', 'Traders', 'Supply', 'Retail'])[1 + g % 5],
              'Europe/Berlin', 'EUR'
         FROM generate_series(1, ${partners}) g`,
    );
    await step(
      'users',
      `INSERT INTO users (email, name, status, is_staff)
       SELECT 'bench-staff-' || g || '@staff-bench.example', 'Staff ' || g, 'active', true
         FROM generate_series(1, ${staff}) g
       UNION ALL SELECT '${MEMBER_EMAIL}', 'Bench Admin', 'active', false`,
    );
    await client.query(
      `INSERT INTO memberships (partner_id, user_id, role)
       SELECT p.id, u.id, 'admin' FROM partners p, users u
        WHERE p.slug = 'p-000001' AND u.email = '${MEMBER_EMAIL}'`,
    );
    await step(
      'items',
      `INSERT INTO inventory_items (partner_id, sku, name, category, warehouse, unit_value)
       SELECT p.id, 'SKU-' || p.slug || '-' || n, 'Item ' || n, 'General', 'Main', 100 + n
         FROM partners p
         CROSS JOIN LATERAL generate_series(1, CASE WHEN p.slug = 'p-000001' THEN ${bigItems} ELSE ${otherItems} END) n`,
    );
    // Partner k holds the claims g ≡ k (mod partners), numbered 1, 2, … within it.
    const claimsOf = (count: number, offset: number, waiting: boolean) => `
      WITH numbered AS (SELECT id, row_number() OVER (ORDER BY slug) AS k FROM partners),
           staff AS (SELECT id, row_number() OVER (ORDER BY email) AS s FROM users WHERE is_staff),
           generated AS (
             SELECT g, 1 + g % ${partners} AS k, ${offset} + g / ${partners} + 1 AS number,
                    hashint8(g) AS h FROM generate_series(0, ${count - 1}) g)
      INSERT INTO claims (partner_id, number, type, status, item_id, quantity, unit_value,
        amount_claimed, amount_approved, currency, incident_date, description, submitted_at,
        decided_at, waiting_since, assignee_user_id, created_at, updated_at)
      SELECT n.id, gen.number, t.type,
             ${
               waiting
                 ? `CASE WHEN abs(gen.h) % 5 < 3 THEN 'submitted' ELSE 'in_review' END`
                 : `CASE WHEN abs(gen.h) % 4 = 0 THEN 'rejected' ELSE 'approved' END`
             },
             CASE WHEN t.type = 'other' THEN NULL ELSE i.id END,
             q.quantity, q.unit_value, q.quantity::bigint * q.unit_value,
             ${waiting ? 'NULL' : `CASE WHEN abs(gen.h) % 4 = 0 THEN NULL ELSE q.quantity::bigint * q.unit_value END`},
             'EUR', (now() - interval '40 days')::date,
             'A generated claim for the staff queue bench.',
             w.at - (abs(gen.h) % 432000) * interval '1 second',
             ${waiting ? 'NULL' : 'w.at'},
             ${waiting ? 'w.at' : 'NULL'},
             ${waiting ? `CASE WHEN abs(gen.h) % 3 = 0 THEN s.id END` : 'NULL'},
             w.at - interval '10 days', w.at
        FROM generated gen
        JOIN numbered n ON n.k = gen.k
        CROSS JOIN LATERAL (SELECT (ARRAY['lost', 'damaged', 'shortage', 'other'])[1 + abs(gen.h) % 4] AS type) t
        CROSS JOIN LATERAL (SELECT 1 + abs(gen.h) % 7 AS quantity, 100 + abs(gen.h) % 90000 AS unit_value) q(quantity, unit_value)
        CROSS JOIN LATERAL (SELECT now() - (abs(gen.h) % ${waiting ? 2592000 : 5184000}) * interval '1 second' AS at) w
        LEFT JOIN LATERAL (SELECT ii.id FROM inventory_items ii WHERE ii.partner_id = n.id
                            ORDER BY ii.sku LIMIT 1) i ON true
        LEFT JOIN staff s ON s.s = 1 + abs(gen.h / 7) % ${staff}`;
    await step(`${claims.toLocaleString('en')} waiting claims`, claimsOf(claims, 0, true));
    await step(
      `${decided.toLocaleString('en')} decided claims`,
      claimsOf(decided, Math.ceil(claims / partners) + 1, false),
    );
    await client.query(
      `INSERT INTO claim_number_counters (partner_id, last_number)
       SELECT partner_id, max(number) FROM claims GROUP BY partner_id`,
    );
    await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

pin(process.pid, LOAD_CPU);
if (values.reload || !(await loaded())) {
  print(`data set: loading ${url} (${size.partners} partners, ${size.claims} waiting claims)`);
  const startedAt = performance.now();
  await load();
  print(`data set: loaded in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
} else {
  print(`data set: reusing ${url} (--reload to load it again)`);
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
})();
const load1 = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
print(
  `staff queue bench (${timing.name}): ${new Date().toISOString()}, commit ${commit}, load average ${load1()} at the start`,
);

const report: Report = { lines: [], failures: [] };
const bff = await startBff(url, {
  SEED_DEMO_DATA: 'false',
  BENCH_USER_EMAIL: MEMBER_EMAIL,
  BENCH_STAFF_EMAIL: STAFF_EMAIL,
});
const db = new pg.Client({ connectionString: url });
await db.connect();
let bare: ServerProcess<{ port: number }> | undefined;
const bareFile = path.join(tmpdir(), `bench-staff-bare-${process.pid}.json`);
try {
  const member = new BenchApi(bff.ready.port, bff.ready.token);
  const staffToken = bff.ready.staffToken;
  if (staffToken === undefined) throw new Error('no staff token');
  const staff = new BenchApi(bff.ready.port, staffToken);
  const sql = async <T extends pg.QueryResultRow>(text: string) => (await db.query<T>(text)).rows;

  const itemIds = await sql<{ id: string }>(
    `SELECT i.id FROM inventory_items i JOIN partners p ON p.id = i.partner_id
      WHERE p.slug = 'p-000001' ORDER BY i.id LIMIT 1000`,
  );
  const details = itemIds.map((row) => `/api/partners/p-000001/inventory/${row.id}`);
  const slugs = await sql<{ slug: string }>(
    `SELECT slug FROM partners TABLESAMPLE SYSTEM (10) REPEATABLE (3) LIMIT 500`,
  );
  const byPartner = slugs.map((row) => `/api/staff/claims?partner=${row.slug}`);

  // The deep page: walk the queue 100 at a time to `deepRows`, then its 25 rows there.
  let cursor: string | null = null;
  for (let walked = 0; walked < size.deepRows; walked += 100) {
    const page: { nextCursor: string | null } = await staff.get(
      `/api/staff/claims?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    cursor = page.nextCursor;
    if (cursor === null) throw new Error('the queue ended before the deep page');
  }
  const deep = `/api/staff/claims?cursor=${cursor}`;
  const first = await staff.get<{ total: number; totalExact: boolean }>('/api/staff/claims');
  const mine = await staff.get<{ total: number; totalExact: boolean }>(
    '/api/staff/claims?assignee=me',
  );
  report.lines.push(
    `queue total ${first.total}${first.totalExact ? '' : ' (estimate)'}; assignee=me total ${mine.total}${mine.totalExact ? '' : ' (estimate)'}`,
  );

  const on = casesOn(bff, staff);
  const cases: LoadCase[] = [
    on('detail', 'item detail (a member)', inTurn(details), member),
    on('first', 'queue: first page', always('/api/staff/claims')),
    on('deep', `queue: page ${size.deepRows.toLocaleString('en')} rows deep`, always(deep)),
    on('partner', 'queue: one partner (500 in turn)', inTurn(byPartner)),
    on('mine', 'queue: assignee=me', always('/api/staff/claims?assignee=me')),
    on('summary', 'summary (no target)', always('/api/staff/summary')),
    on('partners', 'partner directory (no target)', always('/api/staff/partners')),
  ];
  const statementsPerRequest = new Map<string, number>();
  for (const target of cases) {
    const path = target.nextPath();
    const api = target.key === 'detail' ? member : staff;
    const statements = await api.statementsOf(path);
    statementsPerRequest.set(target.key, statements.length);
    report.lines.push(
      `${target.label}: GET ${path.length > 140 ? `${path.slice(0, 140)}…` : path}`,
    );
    report.lines.push(...(await explain(db, statements, timing.explain)));
  }
  // Not measured: the plans of the queue's other sorts (each on its partial index).
  for (const sort of [
    '-waitingSince',
    'amountClaimed',
    '-amountClaimed',
    'submittedAt',
    '-submittedAt',
  ]) {
    const path = `/api/staff/claims?sort=${sort}`;
    report.lines.push(`queue sorted ${sort} (plan only): GET ${path}`);
    report.lines.push(...(await explain(db, await staff.statementsOf(path), timing.explain)));
  }
  report.lines.push('');

  // The reference (no target): a bare Fastify + pg handler sending the item detail's and the queue's
  // first page's very statements and answering their very bytes (bench/harness/bare-server.ts): how
  // far apart the two pages are before any framework or mapping.
  const detailPath = details[0] ?? '';
  const firstPath = '/api/staff/claims';
  const recordedDetail = await member.statementsOf(detailPath);
  const recordedFirst = await staff.statementsOf(firstPath);
  bare = await startBare(url, bareFile, {
    detail: { statements: toReplay(recordedDetail), body: await member.get(detailPath) },
    first: { statements: toReplay(recordedFirst), body: await staff.get(firstPath) },
  });
  cases.push(
    bareCase(
      bare,
      'bare-detail',
      "bare Fastify + pg: the item detail's SQL and bytes (no target)",
      'detail',
    ),
    bareCase(
      bare,
      'bare-first',
      "bare Fastify + pg: the queue's first page's SQL and bytes (no target)",
      'first',
    ),
  );
  statementsPerRequest.set('bare-detail', recordedDetail.length);
  statementsPerRequest.set('bare-first', recordedFirst.length);

  const tallies = await runRounds(timing, cases);
  report.lines.push(...figuresTable(timing, cases, tallies, statementsPerRequest), '');
  const p99 = (key: string) => (tallies.get(key) ?? new Tally()).percentile(99);
  // What a request costs the machine, the BFF's CPU and PostgreSQL's: at saturation the p99 follows it.
  const cost = (key: string) => {
    const tally = tallies.get(key) ?? new Tally();
    return tally.cpuPerRequest + tally.databaseCpuPerRequest;
  };
  report.lines.push(
    `CPU per request (the BFF's and PostgreSQL's) over the item detail's: ${[
      'first',
      'deep',
      'partner',
      'mine',
    ]
      .map((key) => `${key} ${(cost(key) / cost('detail')).toFixed(2)}×`)
      .join(', ')}`,
    `the bare handler, the same SQL and bytes: queue first page over item detail, p99 ${(p99('bare-first') / p99('bare-detail')).toFixed(2)}×, CPU per request (the handler's and PostgreSQL's) ${(cost('bare-first') / cost('bare-detail')).toFixed(2)}×`,
    '',
  );
  const target = checker(report, timing.enforceTargets);
  for (const key of ['first', 'deep', 'partner', 'mine']) {
    const label = cases.find((entry) => entry.key === key)?.label ?? key;
    const ratio = p99(key) / p99('detail');
    target(
      ratio <= QUEUE_OVER_DETAIL_P99,
      `${label} p99 / item detail p99 = ${ratio.toFixed(2)}× (target ≤ ${QUEUE_OVER_DETAIL_P99}×)`,
    );
  }
  const errors = [...tallies.values()].reduce((sum, tally) => sum + tally.errors, 0);
  if (errors > 0) {
    report.lines.push(`FAILED: ${errors} non-2xx answers or errors`);
    report.failures.push(`${errors} non-2xx answers or errors`);
  }
} finally {
  await db.end();
  await stopServer(bff);
  if (bare !== undefined) await stopServer(bare);
  rmSync(bareFile, { force: true });
}
for (const line of report.lines) print(line);
print(`load average ${load1()} at the end`);
if (report.failures.length > 0) {
  print(`\n${report.failures.length} target(s) missed`);
  process.exit(1);
}
