import pg from 'pg';
import { type BffReady, type ServerProcess, startBff, stopServer } from '../support.js';
import { BenchApi } from './api.js';
import type { BenchContext, Report } from './context.js';
import { always, type LoadCase, type Tally } from './load.js';
import type { Measured } from './measure.js';

/** A bench's BFF, its calls and its own database connection (`Measured`), and how to end them. */
export interface BenchSession extends Measured {
  close(): Promise<void>;
}

/**
 * The BFF with the bench routes on the data set (bench/server.ts, no demo data, a token of the data
 * set's member; `env` adds to its environment), then the bench's own connection to the database (the
 * workload, EXPLAIN ANALYZE: one connection, its caches warm).
 */
export async function openSession(
  context: BenchContext,
  env: Record<string, string> = {},
): Promise<BenchSession> {
  const bff = await startBff(context.url, {
    SEED_DEMO_DATA: 'false',
    BENCH_USER_EMAIL: context.dataset.userEmail,
    ...env,
  });
  const db = new pg.Client({ connectionString: context.url });
  try {
    await db.connect();
  } catch (error) {
    await stopServer(bff);
    throw error;
  }
  return {
    bff,
    db,
    api: new BenchApi(bff.ready.port, bff.ready.token),
    close: async () => {
      await db.end();
      await stopServer(bff);
    },
  };
}

/** The load cases against `bff`: `GET nextPath()` as `caller` (by default the bench's member). */
export function casesOn(
  bff: ServerProcess<BffReady>,
  api: BenchApi,
): (key: string, label: string, nextPath: () => string, caller?: BenchApi) => LoadCase {
  return (key, label, nextPath, caller = api) => ({
    key,
    label,
    port: api.port,
    nextPath,
    headers: caller.headers,
    pid: bff.pid,
    database: bff.database,
  });
}

/** The load case of the bare handler's page `page` (`GET /bare/<page>`, bare-server.ts). */
export function bareCase(
  bare: ServerProcess<{ port: number }>,
  key: string,
  label: string,
  page: string,
): LoadCase {
  return {
    key,
    label,
    port: bare.ready.port,
    nextPath: always(`/bare/${page}`),
    headers: {},
    pid: bare.pid,
    database: bare.database,
  };
}

/** A failed run when any case had a non-2xx answer or an error. */
export function reportErrors(tallies: Iterable<Tally>, { lines, failures }: Report): void {
  let errors = 0;
  for (const tally of tallies) errors += tally.errors;
  if (errors > 0) {
    lines.push(`FAILED: ${errors} non-2xx answers or errors`);
    failures.push(`${errors} non-2xx answers or errors`);
  }
}
