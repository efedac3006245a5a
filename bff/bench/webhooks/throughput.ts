import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '#src/database/data-source-options.js';
import { InventoryItem } from '#src/inventory/inventory-item.entity.js';
import { Partner } from '#src/partners/partner.entity.js';
import { User } from '#src/users/user.entity.js';
import { checker, type Report } from '../harness/context.js';
import { benchArgs, databaseUrl, LOAD_CPU, pin, runSql, startBff, stopServer } from '../support.js';

/**
 * `pnpm --filter @partner-portal/bff bench:webhooks` (docs/performance.md, "Webhooks under a slow
 * receiver"): deliveries are not on the request path. On a fresh database (BENCH_WEBHOOKS_DATABASE_URL,
 * default bench_webhooks on 127.0.0.1:5432; `--smoke`: `<name>_smoke`), the BFF (bench/server.ts, on
 * CPU 1) records MOVEMENTS movements, CONCURRENT at a time, from this process (CPU 0): first with no
 * webhook endpoint, then with an endpoint subscribed to `inventory.movement_recorded` whose receiver
 * (in this process) answers each delivery after 2 s. Printed: each phase's p50 and p99, their ratio,
 * and how long every event took to be delivered. Targets: p99 with the slow receiver ≤ 1.5× without,
 * and every event delivered (exactly the recorded movements, each id once). Exits 1 on a missed
 * target (the ratio is reported, not enforced, in a smoke run).
 *
 * The movements are recorded by network API keys (`movements:write`, docs/api.md, API keys), as the
 * warehouse systems record them: KEYS of them in turn, so that their limit of 600 requests a minute
 * each stays above the bench's rate.
 */
const { values } = parseArgs({
  args: benchArgs(),
  options: { smoke: { type: 'boolean', default: false } },
});
const MOVEMENTS = values.smoke ? 100 : 1_000;
const WARM_UP = values.smoke ? 20 : 100;
const CONCURRENT = 8;
const SLOW_RECEIVER_MS = 2_000;
const RATIO_TARGET = 1.5;
const KEYS = 8;

const print = (line: string) => process.stdout.write(`${line}\n`);
pin(process.pid, LOAD_CPU);

const configured =
  process.env.BENCH_WEBHOOKS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_webhooks';
const name = `${decodeURIComponent(new URL(configured).pathname.slice(1))}${values.smoke ? '_smoke' : ''}`;
const url = databaseUrl(configured, name);
const maintenance = databaseUrl(configured, 'postgres');
await runSql(maintenance, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await runSql(maintenance, `CREATE DATABASE "${name}"`);
const dataSource = new DataSource(dataSourceOptions({ url, poolSize: 2, migrationsRun: false }));
await dataSource.initialize();
await dataSource.runMigrations();
const partner = await dataSource
  .getRepository(Partner)
  .save({ slug: 'bench-hooks', name: 'Bench Hooks', currency: 'EUR', timeZone: 'Europe/Berlin' });
const staffEmail = 'staff@bench-hooks.example';
await dataSource.getRepository(User).save({
  email: staffEmail,
  name: 'Bench staff',
  passwordHash: 'unused',
  status: 'active',
  isStaff: true,
});
const items = await dataSource.getRepository(InventoryItem).save(
  Array.from({ length: 20 }, (_, i) => ({
    partnerId: partner.id,
    sku: `HOOK-${i}`,
    name: `Hooked item ${i}`,
    category: 'General',
    warehouse: 'Main',
    unitValue: 100,
    onHand: 1_000_000,
  })),
);

/** Network keys of the WMS, inserted as the API's creation stores them (the token's SHA-256 only). */
const tokens: string[] = [];
for (let i = 0; i < KEYS; i += 1) {
  const token = `ppk_${randomBytes(32).toString('base64url')}`;
  await dataSource.query(
    `INSERT INTO api_keys (partner_id, kind, name, scopes, token_hash, prefix, created_at, expires_at)
     VALUES (NULL, 'network', $1, '{movements:write}', $2, $3, now(), now() + interval '1 day')`,
    [`WMS sync ${i + 1}`, createHash('sha256').update(token).digest('hex'), token.slice(0, 8)],
  );
  tokens.push(token);
}

/** The receiver: every delivery answered 200 after 2 s; the distinct webhook ids it got. */
const received = new Set<string>();
let deliveries = 0;
const receiver: Server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received.add(String(request.headers['webhook-id']));
    deliveries += 1;
    setTimeout(() => response.writeHead(200).end(), SLOW_RECEIVER_MS);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as AddressInfo).port;

const bff = await startBff(url, {
  SEED_DEMO_DATA: 'false',
  BENCH_USER_EMAIL: staffEmail,
  WEBHOOK_URLS: 'loopback',
  WORKER_POLL_SECONDS: '1',
});
const movementsUrl = (i: number) =>
  `http://127.0.0.1:${bff.ready.port}/api/partners/${partner.slug}/inventory/${items[i % items.length]?.id}/movements`;

/** Records `count` movements, CONCURRENT at a time; the latency of each, in ms. */
async function record(count: number, phase: string): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const client = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      const started = performance.now();
      const response = await fetch(movementsUrl(i), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[i % KEYS]}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          kind: 'adjustment',
          quantity: i % 2 === 0 ? -1 : 1,
          reference: `${phase}-${i}`,
        }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 201) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT }, client));
  if (failed > 0) throw new Error(`${phase}: ${failed} movements not recorded`);
  return latencies;
}

function percentile(latencies: readonly number[], p: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const report: Report = { lines: [], failures: [] };
const check = checker(report);
const checkRatio = checker(report, !values.smoke);
try {
  print(
    `webhooks under a slow receiver (${values.smoke ? 'smoke' : 'full'}): ${MOVEMENTS} movements per phase, ${CONCURRENT} at a time, receiver answering after ${SLOW_RECEIVER_MS / 1000} s; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  await record(WARM_UP, 'warm-up');
  const without = await record(MOVEMENTS, 'without');
  await dataSource.query(
    `INSERT INTO webhook_endpoints (partner_id, url, events, enabled, secret, created_at, updated_at)
     VALUES ($1, $2, '{inventory.movement_recorded}', true, $3, now(), now())`,
    [
      partner.id,
      `http://127.0.0.1:${receiverPort}/hook`,
      `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
    ],
  );
  const startedWith = performance.now();
  const withSlow = await record(MOVEMENTS, 'with');
  const recordedIn = (performance.now() - startedWith) / 1000;
  const deadline = Date.now() + (MOVEMENTS * SLOW_RECEIVER_MS) / 4 + 120_000;
  let succeeded = 0;
  while (Date.now() < deadline) {
    const [row] = (await dataSource.query(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded FROM webhook_deliveries WHERE partner_id = $1`,
      [partner.id],
    )) as Array<{ succeeded: number }>;
    succeeded = row?.succeeded ?? 0;
    if (succeeded >= MOVEMENTS) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const deliveredIn = (performance.now() - startedWith) / 1000;
  const [p50Without, p99Without] = [percentile(without, 50), percentile(without, 99)];
  const [p50With, p99With] = [percentile(withSlow, 50), percentile(withSlow, 99)];
  const ratio = p99With / p99Without;
  report.lines.push(
    '| phase | p50 (ms) | p99 (ms) |',
    '| --- | --- | --- |',
    `| no webhook endpoint | ${p50Without.toFixed(1)} | ${p99Without.toFixed(1)} |`,
    `| a receiver answering after ${SLOW_RECEIVER_MS / 1000} s | ${p50With.toFixed(1)} | ${p99With.toFixed(1)} |`,
    `p99 with / without the slow receiver: ${ratio.toFixed(2)}× (target ≤ ${RATIO_TARGET}×)`,
    `${MOVEMENTS} movements recorded in ${recordedIn.toFixed(1)} s; every event delivered ${deliveredIn.toFixed(1)} s after the first (${succeeded} deliveries succeeded, ${received.size} distinct webhook ids received in ${deliveries} requests)`,
  );
  checkRatio(
    ratio <= RATIO_TARGET,
    `p99 with the slow receiver ${ratio.toFixed(2)}× the p99 without (target ≤ ${RATIO_TARGET}×)`,
  );
  check(
    succeeded === MOVEMENTS && received.size === MOVEMENTS,
    `every event delivered: ${succeeded} succeeded, ${received.size} distinct ids of ${MOVEMENTS}`,
  );
} finally {
  await stopServer(bff);
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await dataSource.destroy();
}
report.lines.forEach(print);
if (report.failures.length > 0)
  print(`${report.failures.length} target(s) missed: ${report.failures.join('; ')}`);
process.exitCode = report.failures.length > 0 ? 1 : 0;
