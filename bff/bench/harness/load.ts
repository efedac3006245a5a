import autocannon from 'autocannon';
import { databaseCpuSince, readCpuSeconds, readDatabaseCpu, readMachineCpu } from './rss.js';

/** One measured case: a GET against a server, the path chosen afresh for every request. */
export interface LoadCase {
  key: string;
  label: string;
  port: number;
  nextPath: () => string;
  headers: Record<string, string>;
  /** The server process, whose CPU time per request is measured. */
  pid?: number;
  /** The database the server's statements run on, whose backends' CPU time per request is measured. */
  database?: string;
  /**
   * Requests in flight per connection (HTTP pipelining; 1 by default): what lets one load process
   * saturate a bare handler (docs/performance.md, "The BFF against a bare handler").
   */
  pipelining?: number;
}

/** What one case gave over all its rounds. */
export class Tally {
  /** Response times of the 2xx answers, ms. */
  readonly latencies: number[] = [];
  readonly rates: number[] = [];
  errors = 0;
  bytes = 0;
  /** The server's CPU time and the wall time over the rounds. */
  cpuSeconds = 0;
  wallSeconds = 0;
  /** The CPU time of the database's backends over the rounds, when the case names its database. */
  databaseCpuSeconds: number | undefined;
  /** The load generator's (this process's) CPU time, and the whole machine's busy and total time. */
  loadCpuSeconds = 0;
  machineBusySeconds = 0;
  machineSeconds = 0;

  get rate(): number {
    return this.rates.reduce((sum, rate) => sum + rate, 0) / Math.max(1, this.rates.length);
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    if (sorted.length === 0) return Number.NaN;
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  }

  /** The server's CPU time per answered request, µs. */
  get cpuPerRequest(): number {
    return (this.cpuSeconds * 1e6) / Math.max(1, this.latencies.length);
  }

  /** The database's CPU time per answered request, µs (NaN when the case names no database). */
  get databaseCpuPerRequest(): number {
    if (this.databaseCpuSeconds === undefined) return Number.NaN;
    return (this.databaseCpuSeconds * 1e6) / Math.max(1, this.latencies.length);
  }

  /** The share of the wall time the server was on a CPU. */
  get busy(): number {
    return this.cpuSeconds / Math.max(1e-9, this.wallSeconds);
  }

  /** The share of the wall time the load generator was on a CPU. */
  get loadBusy(): number {
    return this.loadCpuSeconds / Math.max(1e-9, this.wallSeconds);
  }

  /** The share of the machine's CPU time that was busy (every CPU: the servers, PostgreSQL, the rest). */
  get machineBusy(): number {
    return this.machineBusySeconds / Math.max(1e-9, this.machineSeconds);
  }

  get bytesPerResponse(): number {
    return this.bytes / Math.max(1, this.latencies.length);
  }
}

/**
 * `seconds` of load on one case with `connections` connections (autocannon as a library, in this
 * process). Every response time is kept, so p50 and p99 are those of all the case's requests over
 * all rounds, at full resolution (autocannon's own histogram is in whole milliseconds).
 */
export function runLoad(
  target: LoadCase,
  seconds: number,
  connections: number,
  tally?: Tally,
): Promise<void> {
  const cpuAtStart = target.pid === undefined ? 0 : readCpuSeconds(target.pid);
  const loadAtStart = process.cpuUsage();
  const machineAtStart = readMachineCpu();
  const databaseAtStart =
    target.database === undefined ? undefined : readDatabaseCpu(target.database);
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${target.port}`,
        connections,
        pipelining: target.pipelining ?? 1,
        duration: seconds,
        headers: target.headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: target.nextPath() }) }],
      },
      (error: unknown, result) => {
        if (error !== null && error !== undefined) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (tally !== undefined) {
          tally.rates.push(result.requests.average);
          tally.errors += result.errors + result.timeouts;
          if (target.pid !== undefined) {
            tally.cpuSeconds += readCpuSeconds(target.pid) - cpuAtStart;
            tally.wallSeconds += (performance.now() - startedAt) / 1000;
            const load = process.cpuUsage(loadAtStart);
            tally.loadCpuSeconds += (load.user + load.system) / 1e6;
            const machine = readMachineCpu();
            tally.machineBusySeconds += machine.busy - machineAtStart.busy;
            tally.machineSeconds += machine.total - machineAtStart.total;
            if (target.database !== undefined && databaseAtStart !== undefined) {
              tally.databaseCpuSeconds =
                (tally.databaseCpuSeconds ?? 0) +
                databaseCpuSince(databaseAtStart, readDatabaseCpu(target.database));
            }
          }
        }
        resolve();
      },
    );
    if (tally === undefined) return;
    instance.on('response', (_client, statusCode, bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        tally.latencies.push(responseTime);
        tally.bytes += bytes;
      } else {
        tally.errors += 1;
      }
    });
  });
}

/** The same path every time. */
export const always =
  (path: string): (() => string) =>
  () =>
    path;

/** The paths in turn, round and round. */
export function inTurn(paths: readonly string[]): () => string {
  let next = 0;
  return () => {
    const path = paths[next % paths.length];
    next += 1;
    if (path === undefined) throw new Error('no paths');
    return path;
  };
}
