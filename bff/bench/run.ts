import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import {
  type BffReady,
  databaseUrl,
  LOAD_CPU,
  pin,
  runSql,
  SERVER_CPU,
  startBff,
  stopServer,
} from './support.js';

/**
 * `pnpm --filter @partner-portal/bff bench`: the cost of authentication and authorization.
 * The server (bench/server.ts) runs pinned to CPU 1, autocannon in this process pinned to CPU 0,
 * on a fresh database of the PostgreSQL at BENCH_DATABASE_URL (default 127.0.0.1:5432). The variants
 * are interleaved over several rounds so that drift (thermal, other load) hits them alike.
 * Exits 1 when a target is missed.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 16;
/** Targets: (b) − (a) at most 100 µs a request; (c) − (b) at most one round trip, (d) − (a). */
const JWT_BUDGET_US = 100;
/** Timing noise allowance on the round-trip comparison. */
const ROUND_TRIP_TOLERANCE = 1.2;

interface Variant {
  key: 'a' | 'b' | 'c' | 'd' | 'e';
  label: string;
  path: string;
  auth: boolean;
}

const VARIANTS: Variant[] = [
  { key: 'a', label: '(a) public', path: '/api/bench/public', auth: false },
  { key: 'b', label: '(b) JWT verification', path: '/api/bench/jwt', auth: true },
  {
    key: 'c',
    label: '(c) partner route (JWT + user and membership)',
    path: '/api/partners/acme-outdoor/bench',
    auth: true,
  },
  {
    key: 'd',
    label: '(d) public + the partner guard statement (one round trip)',
    path: '/api/bench/round-trip/:userId',
    auth: false,
  },
  {
    key: 'e',
    label: '(e) public + the same facts by TypeORM Repository lookups (user, partner, membership)',
    path: '/api/bench/repository-lookups/:userId',
    auth: false,
  },
];

interface Sample {
  rate: number;
  p99: number;
  errors: number;
}

type Server = BffReady;

const urlOf = (server: Server, variant: Variant) =>
  `http://127.0.0.1:${server.port}${variant.path.replace(':userId', server.userId)}`;
const headersOf = (server: Server, variant: Variant): Record<string, string> =>
  variant.auth ? { authorization: `Bearer ${server.token}` } : {};

async function measure(server: Server, variant: Variant, seconds: number): Promise<Sample> {
  const result = await autocannon({
    url: urlOf(server, variant),
    connections: CONNECTIONS,
    duration: seconds,
    headers: headersOf(server, variant),
  });
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const name = `bench_${randomBytes(4).toString('hex')}`;
await runSql(ADMIN_URL, `CREATE DATABASE "${name}"`);
pin(process.pid, LOAD_CPU);
const bff = await startBff(databaseUrl(ADMIN_URL, name));
const server = bff.ready;
let failed: boolean;

/** Statements per request, counted by the server's pg clients. */
async function roundTripsPerRequest(variant: Variant): Promise<number> {
  const count = async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/bench/queries`);
    return ((await response.json()) as { count: number }).count;
  };
  const before = await count();
  const requests = 200;
  for (let i = 0; i < requests; i += 1) {
    const response = await fetch(urlOf(server, variant), { headers: headersOf(server, variant) });
    await response.arrayBuffer();
  }
  return ((await count()) - before) / requests;
}

try {
  // Warm-up: JIT, pool connections.
  for (const variant of VARIANTS) await measure(server, variant, 1);
  const samples = new Map<Variant['key'], Sample[]>(VARIANTS.map((v) => [v.key, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of VARIANTS)
      samples.get(variant.key)?.push(await measure(server, variant, SECONDS));
  }
  const summary = new Map<Variant['key'], { rate: number; p99: number; errors: number }>();
  for (const variant of VARIANTS) {
    const list = samples.get(variant.key) ?? [];
    const rate = list.reduce((sum, s) => sum + s.rate, 0) / list.length;
    const p99 = Math.max(...list.map((s) => s.p99));
    const errors = list.reduce((sum, s) => sum + s.errors, 0);
    summary.set(variant.key, { rate, p99, errors });
  }
  const us = (key: Variant['key']) => 1e6 / (summary.get(key)?.rate ?? 1);
  const lines = [
    `${ROUNDS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} connections; server on CPU ${SERVER_CPU}, autocannon on CPU ${LOAD_CPU}`,
    '',
    '| variant | requests/s | p99 (ms) | µs/request |',
    '|---|---|---|---|',
    ...VARIANTS.map((v) => {
      const s = summary.get(v.key);
      return `| ${v.label} | ${Math.round(s?.rate ?? 0)} | ${s?.p99 ?? 0} | ${us(v.key).toFixed(1)} |`;
    }),
    '',
  ];
  const jwtCost = us('b') - us('a');
  const chainCost = us('c') - us('b');
  const roundTrip = us('d') - us('a');
  lines.push(`JWT verification: ${jwtCost.toFixed(1)} µs/request (target <= ${JWT_BUDGET_US})`);
  lines.push(
    `partner chain over JWT: ${chainCost.toFixed(1)} µs/request; one round trip: ${roundTrip.toFixed(1)} µs/request (target: chain <= round trip, ${ROUND_TRIP_TOLERANCE}x tolerance)`,
  );
  const trips = new Map<Variant['key'], number>();
  for (const variant of VARIANTS) trips.set(variant.key, await roundTripsPerRequest(variant));
  lines.push(
    `the guard's one hand-written statement saves ${(us('e') - us('d')).toFixed(1)} µs/request over three Repository lookups ((e) − (d))`,
  );
  lines.push(
    `database round trips per request: ${VARIANTS.map((v) => `${v.key} ${trips.get(v.key)}`).join(', ')} (target: c − b <= 1)`,
  );
  if ((trips.get('c') ?? 9) - (trips.get('b') ?? 0) > 1)
    lines.push('FAILED: the partner chain makes more than one round trip');
  const errors = [...summary.values()].reduce((sum, s) => sum + s.errors, 0);
  if (errors > 0) lines.push(`FAILED: ${errors} non-2xx answers or errors`);
  if (jwtCost > JWT_BUDGET_US) lines.push('FAILED: JWT verification costs more than the target');
  if (chainCost > roundTrip * ROUND_TRIP_TOLERANCE)
    lines.push('FAILED: the partner chain costs more than one round trip');
  failed = lines.some((line) => line.startsWith('FAILED'));
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await stopServer(bff);
  await runSql(ADMIN_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
process.exitCode = failed ? 1 : 0;
