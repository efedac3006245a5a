import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

/**
 * What a client is told while a dependency is down (docs/operations.md, "When a dependency is down"):
 * 503 `unavailable` with `Retry-After`, in seconds.
 */
export const RETRY_AFTER_SECONDS = 2;

/** Errors of the network under the database connection: the server is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now, besides class 08 (connection exception): shut down or
 * starting (57P01–57P03), out of connections (53300), a server-side statement timeout (57014). Not a
 * lock timeout (55P03): that is contention a feature waits on by design (an Idempotency-Key in use).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** pg's and pg-pool's messages for a connection that timed out or broke (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /not queryable/,
  /^Cannot use a pool after calling end/,
];

/**
 * Whether `error` says the database cannot answer now (stopped, frozen past the statement timeout,
 * out of connections, restarting), rather than that a statement was wrong: the request is answered
 * 503 and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = causeOf(error);
  if (cause === undefined) return false;
  const { code, message } = cause;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return (
    typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
  );
}

/**
 * SQLSTATEs of a transaction that PostgreSQL rolled back because of another one: a deadlock (40P01:
 * it broke a cycle of waits by failing one of them) or a serialization failure (40001). Not an
 * outage: the database answers, and nothing of the transaction was written.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/**
 * Whether `error` says the database rolled the transaction back for a concurrent one (docs/operations.md,
 * "Deadlocks and serialization failures"): the request is answered 503 and may be sent again as it was.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && CONFLICT_SQLSTATES.has(code);
}

/**
 * The SQLSTATE of a failed statement (e.g. `23505` unique_violation): with `constraintOf`, the one way
 * the code reads what PostgreSQL said went wrong.
 */
export function sqlStateOf(error: unknown): string | undefined {
  const code = causeOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint a failed statement broke, when PostgreSQL names one. */
export function constraintOf(error: unknown): string | undefined {
  const constraint = (causeOf(error) as { constraint?: unknown } | undefined)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/**
 * The driver's error under TypeORM's wrapper. Read by shape, not `instanceof Error`: a socket's error
 * is made by Node itself, in another realm than the code's under jest's module VM.
 */
function causeOf(error: unknown): { code?: unknown; message?: unknown } | undefined {
  const cause: unknown = error instanceof QueryFailedError ? error.driverError : error;
  return typeof cause === 'object' && cause !== null && 'message' in cause
    ? (cause as { code?: unknown; message?: unknown })
    : undefined;
}

/** A dependency's outage as the logs tell it: one line when it starts, one when it ends. */
interface Outage {
  since: number;
  failures: number;
}

/**
 * One log line per outage rather than one per request (docs/operations.md): the first failure of a
 * dependency logs a warning, the ones after it are counted, and the first success after them (a
 * statement that answers, Redis ready again) logs a line that says it is back, after how long and how
 * many failures. A process-wide record: an outage is the dependency's, not a request's.
 */
export class OutageLog {
  private readonly outages = new Map<string, Outage>();
  /** When each dependency's last outage ended (ms since the epoch). */
  private readonly endedAt = new Map<string, number>();
  private readonly logger = new Logger('Outage');

  /**
   * A failure of `dependency` (`database`, `redis`); the first one's reason goes into the log line.
   * `startedAt` (ms since the epoch): when the failed work began. Work begun before the last outage
   * ended belongs to that outage, not to a new one: a connection attempt made while the database was
   * frozen times out a moment after the first statement answered again (a CI run of the fault test).
   */
  record(dependency: string, error?: unknown, startedAt?: number): void {
    const outage = this.outages.get(dependency);
    if (outage !== undefined) {
      outage.failures += 1;
      return;
    }
    if (startedAt !== undefined && startedAt <= (this.endedAt.get(dependency) ?? -Infinity)) return;
    this.outages.set(dependency, { since: Date.now(), failures: 1 });
    this.logger.warn(
      { dependency, reason: reasonOf(error) },
      `${label(dependency)} unavailable: answering 503 (or working without it) until it is back`,
    );
  }

  /** `dependency` answered: ends its outage, if any, with the line that says so. */
  recovered(dependency: string): void {
    if (this.outages.size === 0) return;
    const outage = this.outages.get(dependency);
    if (outage === undefined) return;
    this.outages.delete(dependency);
    this.endedAt.set(dependency, Date.now());
    this.logger.log(
      { dependency, durationMs: Date.now() - outage.since, failures: outage.failures },
      `${label(dependency)} available again`,
    );
  }

  isDown(dependency: string): boolean {
    return this.outages.has(dependency);
  }

  /** Whether `dependency` is down, or was at some moment since `since` (ms since the epoch). */
  wasDownSince(dependency: string, since: number): boolean {
    return this.outages.has(dependency) || (this.endedAt.get(dependency) ?? 0) >= since;
  }
}

/** The cause's code and message: never a failed statement's text or values (common/logging.ts). */
function reasonOf(error: unknown): string | undefined {
  const cause = causeOf(error);
  if (cause === undefined) return undefined;
  const message = String(cause.message);
  return typeof cause.code === 'string' ? `${cause.code}: ${message}` : message;
}

function label(dependency: string): string {
  return dependency === 'database' ? 'The database' : dependency === 'redis' ? 'Redis' : dependency;
}

/** The process's outage log: the error filter, the database runner and the throttling share it. */
export const outages = new OutageLog();
