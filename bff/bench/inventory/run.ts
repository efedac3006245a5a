import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchArgs, databaseUrl, LOAD_CPU, pin, runSql, SERVER_CPU } from '../support.js';
import type { Dataset, Profile, Report } from '../harness/context.js';
import { benchCsv } from './csv.js';
import { ensureDataset } from './dataset.js';
import { benchLists } from './lists.js';
import { ensureClaims } from './dataset.js';
import { benchClaimLists } from '../claims/lists.js';
import { benchDashboards } from '../dashboards/dashboards.js';
import { benchVersusBare } from './versus-bare.js';

/**
 * `pnpm --filter @partner-portal/bff bench:inventory`: the inventory API at a million items
 * (docs/performance.md, "Inventory at a million items"), and the claims list at a million claims
 * (`bench:claims` runs only that part: "Claims at a million"), and the overview and analytics at a
 * million claims and ten million movements (`bench:dashboards`: "Dashboards at a million claims and
 * ten million movements"). On the PostgreSQL database of
 * BENCH_DATABASE_URL (default bench_inventory on 127.0.0.1:5432), loaded by gen:data unless it already
 * holds the data set: the list cases against the BFF (bench/server.ts, on CPU 1) and a bare Fastify +
 * pg handler (bench/harness/bare-server.ts, on CPU 1), loaded by autocannon in this process (CPU 0),
 * interleaved; then the CSV export's memory and the slow reader (`bench:csv` runs only that part).
 *
 *   --reload        load the data set again even when the database holds it
 *   --smoke         20,000 items, one round of 1 s per case, targets reported but not enforced
 *   --only <part>   `lists`, `csv`, `claims`, `dashboards` or `bare` (the four pages against a bare
 *                   handler: docs/performance.md, "The BFF against a bare handler")
 *   --pgbouncer     the `bare` part with both servers reaching PostgreSQL through PgBouncer in
 *                   transaction mode (Debian's /usr/sbin/pgbouncer, or PGBOUNCER)
 *   --search <term> the substring search's term (default: the brand and product of a sampled item)
 *   --explain       print the whole EXPLAIN ANALYZE of every statement of every case (and, for the
 *                   dashboards, of their raw references)
 *
 * BENCH_ROUNDS and BENCH_SECONDS override the rounds and the seconds per case, BENCH_REFERENCE_RUNS the
 * runs of each raw reference of the dashboards; BENCH_NODE_ARGS adds
 * flags to the BFF's node (a CPU profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`). Exits 1 when a
 * target is missed.
 */
const { values } = parseArgs({
  args: benchArgs(),
  options: {
    reload: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    search: { type: 'string' },
    explain: { type: 'boolean', default: false },
    pgbouncer: { type: 'boolean', default: false },
  },
});
const PARTS = ['lists', 'csv', 'claims', 'dashboards', 'bare'] as const;
if (values.only !== undefined && !(PARTS as readonly string[]).includes(values.only)) {
  throw new Error(`--only takes ${PARTS.join(', ')}`);
}

const FULL: Profile = {
  name: 'full',
  bigItems: 1_000_000,
  otherPartners: 10,
  otherItems: 20_000,
  movementsPerItem: 10,
  bigClaims: 1_000_000,
  otherClaims: 1_000,
  deepRows: 10_000,
  rounds: 5,
  seconds: 4,
  warmUpSeconds: 2,
  connections: 16,
  pauses: 5,
  pauseSeconds: 3,
  enforceTargets: true,
  explain: false,
  referenceRuns: 3,
};
const SMOKE: Profile = {
  ...FULL,
  name: 'smoke',
  bigItems: 20_000,
  otherPartners: 2,
  otherItems: 1_000,
  movementsPerItem: 2,
  bigClaims: 20_000,
  otherClaims: 100,
  rounds: 1,
  seconds: 1,
  warmUpSeconds: 1,
  pauses: 2,
  pauseSeconds: 1.5,
  enforceTargets: false,
};
const base = values.smoke ? SMOKE : FULL;
const profile: Profile = {
  ...base,
  rounds: Number(process.env.BENCH_ROUNDS ?? base.rounds),
  seconds: Number(process.env.BENCH_SECONDS ?? base.seconds),
  referenceRuns: Number(process.env.BENCH_REFERENCE_RUNS ?? base.referenceRuns),
  explain: values.explain,
  searchTerm: values.search,
};

const defaultUrl = 'postgres://postgres@127.0.0.1:5432/bench_inventory';
const configured = process.env.BENCH_DATABASE_URL ?? defaultUrl;
const url = values.smoke
  ? databaseUrl(configured, `${decodeURIComponent(new URL(configured).pathname.slice(1))}_smoke`)
  : configured;

const print = (line: string) => process.stdout.write(`${line}\n`);
pin(process.pid, LOAD_CPU);
const dataset = await ensureDataset(url, profile, values.reload, print);

const version = await runSql(url, 'SHOW server_version');
const machine = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
print(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.versions.node}, PostgreSQL ${(version.rows[0] as { server_version: string }).server_version}; servers on CPU ${SERVER_CPU}, autocannon on CPU ${LOAD_CPU}; ${machine()} at the start`,
);
print('');

const failures: string[] = [];
const parts: Array<() => Promise<Report>> = [];
const context = { url, profile, dataset };
const runs = (part: (typeof PARTS)[number]) => values.only === undefined || values.only === part;
if (runs('lists')) parts.push(() => benchLists(context));
if (runs('csv')) parts.push(() => benchCsv(context));
// The claims are loaded (when missing) once, by the first part that needs them.
let withClaims: Promise<Dataset> | undefined;
const claimsDataset = () => (withClaims ??= ensureClaims(url, profile, dataset, print));
if (runs('claims')) {
  parts.push(async () => benchClaimLists({ ...context, dataset: await claimsDataset() }));
}
if (runs('dashboards')) {
  parts.push(async () => benchDashboards({ ...context, dataset: await claimsDataset() }));
}
if (runs('bare')) {
  parts.push(async () =>
    benchVersusBare(
      { ...context, dataset: await claimsDataset() },
      { pgbouncer: values.pgbouncer },
    ),
  );
}
for (const part of parts) {
  const report = await part();
  report.lines.forEach(print);
  print('');
  failures.push(...report.failures);
}
print(`${machine()} at the end`);
if (failures.length > 0) print(`${failures.length} target(s) missed: ${failures.join('; ')}`);
process.exitCode = failures.length > 0 ? 1 : 0;
