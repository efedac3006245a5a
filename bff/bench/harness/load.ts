import autocannon from 'autocannon';
import { readCpuSeconds } from './rss.js';

/** One measured case: a GET against a server, the path chosen afresh for every request. */
export interface LoadCase {
  key: string;
  label: string;
  port: number;
  nextPath: () => string;
  headers: Record<string, string>;
  /** The server process, whose CPU time per request is measured. */
  pid?: number;
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

  /** The share of the wall time the server was on a CPU. */
  get busy(): number {
    return this.cpuSeconds / Math.max(1e-9, this.wallSeconds);
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
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${target.port}`,
        connections,
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
