import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '#src/common/outage.js';
import { AppConfig } from '#src/config/app-config.js';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';

/** pg-boss's tables live in this schema (created and upgraded by pg-boss at start, docs/decisions.md). */
export const JOBS_SCHEMA = 'pgboss';

/** How a kind of job is retried: exponential backoff with jitter, then it is dead (docs/operations.md). */
export interface RetryPolicy {
  /** Retries after the first attempt; then the job is dead (state `failed`). */
  retries: number;
  /**
   * Seconds before the first retry; each next one waits about twice as long, with jitter (pg-boss's
   * `retryBackoff`: delay × 2^(n-1) × (1 + random())).
   */
  firstDelaySeconds: number;
  /** An attempt running longer than this is abandoned and retried (another instance may take it). */
  timeoutSeconds: number;
}

/** A kind of job: its queue name, how it runs, how it is retried. `JobQueue.define` registers it. */
export interface JobKind<T extends object> {
  readonly name: string;
  /** Overrides of the configured policy (JOB_RETRIES, JOB_RETRY_DELAY_SECONDS; 15 minutes' timeout). */
  readonly retry?: Partial<RetryPolicy>;
  /** Runs one job; a throw is a failed attempt (retried with backoff until dead). */
  readonly run: (data: T, job: RunningJob) => Promise<void>;
  /** What the logs may say of a job of this kind (never a token or a message's text). */
  readonly describe?: (data: T) => Record<string, unknown>;
  /**
   * How many jobs of this kind one worker runs at once (default 1): more for a kind that mostly
   * waits on another server (webhook deliveries), so that a slow one does not hold up the rest.
   */
  readonly concurrency?: number;
}

/** What a handler knows of the job it runs: the same id on every attempt. */
export interface RunningJob {
  id: string;
  /** 0 on the first attempt. */
  attempt: number;
}

/** Jobs not yet done, by state (`/api/health/ready`, docs/operations.md). */
export interface JobCounts {
  /** Waiting for their first attempt, or running. */
  pending: number;
  /** Failed at least once, waiting for a retry. */
  failed: number;
  /** Failed every attempt: no retry left (kept 7 days). */
  dead: number;
}

/** A scheduled job: pg-boss's cron (5 fields, UTC by default) sends one job of its kind at each time. */
export interface Schedule {
  cron: string;
  /** An IANA time zone for the cron expression; UTC when omitted. */
  tz?: string;
}

const TIMEOUT_SECONDS = 15 * 60;

/**
 * Recording a job's outcome across an outage: pauses from 0.25 s doubling to 5 s, until 5 s (a
 * quarter of a short timeout) before the job's timeout.
 */
const RECORD_FIRST_PAUSE_MS = 250;
const RECORD_MAX_PAUSE_MS = 5_000;
const RECORD_MARGIN_MS = 5_000;

/** pg-boss's statement that completes jobs (its `completeJobs` plan). */
const COMPLETION = /\bSET completed_on = now\(\)/;

/**
 * The durable job queue of the BFF (docs/decisions.md, "A job queue in PostgreSQL"): pg-boss, its
 * every statement through `Database` (one pool; the embedded database's one connection).
 *
 * - A feature defines its kinds of job once, in `onModuleInit` (`define`), and schedules recurring
 *   ones there (`schedule`).
 * - `enqueue(manager, kind, data)` inserts a job on the caller's transaction: it exists exactly when
 *   the change that causes it commits.
 * - The worker (pg-boss's `work`, fetching with `FOR UPDATE SKIP LOCKED`) runs in the BFF unless
 *   `WORKER=off`, and in `node dist/worker.js`; a job is run by one instance at a time. On shutdown the
 *   running jobs finish (up to 30 s), the rest are failed back to the queue and retried.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly kinds = new Map<string, JobKind<object>>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly boss: PgBoss;
  private started = false;
  /** Set once the workers have stopped: a job's outcome is no longer retried (the pool closes next). */
  private stopped = false;
  /** Jobs whose outcome runOne has recorded (or given up on), until pg-boss's own completion of them. */
  private readonly recorded = new Set<string>();
  /**
   * pg-boss's statements still running: pg-boss completes a finished job without awaiting it, so a
   * shutdown waits for these before the pool closes (or the completion would find the pool ended).
   */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Set by `node dist/worker.js`: run the worker whatever WORKER says. */
  static forceWorker = false;

  constructor(
    private readonly config: AppConfig,
    private readonly db: Database,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.execute(text, values) },
      schema: JOBS_SCHEMA,
      monitorStateIntervalSeconds: 60,
      // Cron schedules are checked every 30 s by one instance at a time.
      cronMonitorIntervalSeconds: 30,
      cronWorkerIntervalSeconds: 5,
      // Dead jobs stay in the job table (counted by the health check) for 7 days.
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterDays: 1,
      // Jobs of a process that died while running them go back to the queue once past their timeout.
      maintenanceIntervalSeconds: config.jobExpiryCheckSeconds,
    });
    // Once a minute (one instance): the counts in the logs, a warning while any job failed or is dead.
    this.boss.on('monitor-states', (states: PgBoss.MonitorStates) => {
      const counts: JobCounts = {
        pending: states.created + states.active,
        failed: states.retry,
        dead: states.failed,
      };
      if (counts.failed > 0 || counts.dead > 0) {
        this.logger.warn({ jobs: counts }, 'Jobs failed or dead in the queue');
      } else if (counts.pending > 0) {
        this.logger.log({ jobs: counts }, 'Jobs pending in the queue');
      }
    });
    this.boss.on('error', (error: Error) => {
      // pg-boss's own statements (its cron, maintenance and counts) failing while the database is
      // down: the outage's, which Database logs once (docs/operations.md), not an error each.
      if (isDatabaseUnavailable(error)) return;
      this.logger.error({ err: error }, 'The job queue reported an error');
    });
  }

  /** Registers a kind of job (from a module's `onModuleInit`): its queue, handler and retries. */
  define<T extends object>(kind: JobKind<T>): JobKind<T> {
    if (this.started) throw new Error(`Job kind ${kind.name} defined after the queue started`);
    if (this.kinds.has(kind.name)) throw new Error(`Job kind ${kind.name} is defined twice`);
    this.kinds.set(kind.name, kind as unknown as JobKind<object>);
    return kind;
  }

  /**
   * Runs `kind` on a schedule (from a module's `onModuleInit`, after `define`): pg-boss sends one
   * job with `data` `{}` at each time of the cron expression, whichever instance sees it first.
   */
  schedule(kind: JobKind<Record<string, never>>, schedule: Schedule): void {
    if (this.started) throw new Error(`Schedule of ${kind.name} set after the queue started`);
    if (!this.kinds.has(kind.name)) throw new Error(`Job kind ${kind.name} is not defined`);
    this.schedules.set(kind.name, schedule);
  }

  /**
   * Adds a job on `manager`'s transaction (the caller's change and its job commit or roll back
   * together); without one (`undefined`) the job is inserted on its own. `startAfter`: not run
   * before that time. Returns the job's id.
   */
  async enqueue<T extends object>(
    manager: EntityManager | undefined,
    kind: JobKind<T>,
    data: T,
    when: { startAfter?: Date } = {},
  ): Promise<string> {
    const options: PgBoss.SendOptions = {
      db: { executeSql: (text, values) => this.execute(text, values, manager) },
      ...(when.startAfter === undefined ? {} : { startAfter: when.startAfter }),
    };
    const id = await this.boss.send(kind.name, data, options);
    if (id === null) throw new Error(`Job of ${kind.name} was not inserted`);
    return id;
  }

  /** Jobs not yet done: pending, failed (to be retried), dead. */
  async counts(): Promise<JobCounts> {
    const rows = await this.db.raw(
      sql`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY state`,
    );
    const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
    return { pending: of('created') + of('active'), failed: of('retry'), dead: of('failed') };
  }

  /** Whether this process runs jobs (WORKER, or `node dist/worker.js`). */
  get runsWorker(): boolean {
    return JobQueue.forceWorker || this.config.worker;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const kind of this.kinds.values()) {
      const retry: RetryPolicy = {
        retries: this.config.jobRetries,
        firstDelaySeconds: this.config.jobRetryDelaySeconds,
        timeoutSeconds: TIMEOUT_SECONDS,
        ...kind.retry,
      };
      const queue: PgBoss.Queue = {
        name: kind.name,
        retryLimit: retry.retries,
        retryDelay: retry.firstDelaySeconds,
        retryBackoff: true,
        expireInSeconds: retry.timeoutSeconds,
      };
      await this.boss.createQueue(kind.name, queue);
      await this.boss.updateQueue(kind.name, queue);
    }
    for (const [name, schedule] of this.schedules) {
      await this.boss.schedule(name, schedule.cron, {}, { tz: schedule.tz ?? 'UTC' });
    }
    if (!this.runsWorker) {
      this.logger.log({ kinds: [...this.kinds.keys()] }, 'Job queue ready (no worker: WORKER=off)');
      return;
    }
    for (const kind of this.kinds.values()) {
      // pg-boss's workers of one queue each fetch and run one job at a time.
      for (let worker = 0; worker < (kind.concurrency ?? 1); worker += 1) {
        await this.boss.work<object>(
          kind.name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: this.config.workerPollSeconds,
          },
          async ([job]) => {
            if (job !== undefined) await this.runOne(kind, job);
          },
        );
      }
    }
    this.logger.log({ kinds: [...this.kinds.keys()] }, 'Job queue worker started');
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Running jobs finish (up to 30 s); any still running then are failed back to the queue.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    this.stopped = true;
    // A fetch still running when the workers stopped leads to one more statement (the job failed
    // back): wait until no statement has been running for a turn of the event loop.
    while (this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.logger.log('Job queue stopped');
  }

  /**
   * Runs a job and records its outcome itself, retrying the record across a database outage
   * (docs/operations.md, "The job queue across a database restart"). pg-boss records it once, without
   * waiting for it or catching its failure: a completion or failure lost to a restart left the job
   * `active` until its timeout (a job that had run ran again; one that had failed waited the whole
   * timeout for its retry), and the rejected promise was unhandled. pg-boss's own record after this
   * handler is therefore answered without the database (`execute`).
   */
  private async runOne(kind: JobKind<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const facts = {
      jobId: job.id,
      kind: kind.name,
      attempt: job.retryCount,
      ...kind.describe?.(job.data),
    };
    // The record is kept trying until shortly before the job's timeout: after it, the expiry check
    // fails the job back to the queue anyway, and pg-boss stops waiting for this handler.
    const timeoutMs = job.expireInSeconds * 1_000;
    const deadline = Date.now() + timeoutMs - Math.min(RECORD_MARGIN_MS, timeoutMs / 4);
    try {
      if (!this.started) {
        // Fetched while the queue stops: failed back to the queue (another instance, or this one's
        // next start, runs it), never run with the pool about to close.
        await this.record(facts, deadline, () =>
          this.boss.fail(kind.name, job.id, { message: 'The job queue is stopping' }),
        );
        return;
      }
      try {
        await kind.run(job.data, { id: job.id, attempt: job.retryCount });
      } catch (error) {
        const dead = job.retryCount >= job.retryLimit;
        const err =
          error instanceof Error
            ? { type: error.name, message: error.message }
            : { message: String(error) };
        if (dead) {
          this.logger.error({ ...facts, err }, `Job dead after ${job.retryCount + 1} attempts`);
        } else {
          this.logger.warn({ ...facts, err }, 'Job failed: it will be retried');
        }
        await this.record(facts, deadline, () => this.boss.fail(kind.name, job.id, err));
        return;
      }
      await this.record(facts, deadline, () => this.boss.complete(kind.name, job.id));
      this.logger.log(facts, 'Job done');
    } finally {
      this.recorded.add(job.id);
      // pg-boss completes right after the handler; should it not (its own timeout ran out first),
      // the id goes anyway.
      setTimeout(() => this.recorded.delete(job.id), 60_000).unref();
    }
  }

  /**
   * Writes a job's outcome (`write`: pg-boss's complete or fail, each a single statement that only
   * changes an active job, so a retry after one that committed unseen changes nothing), again after
   * each failure with a growing pause, until it is written, the deadline passes or the queue stops.
   */
  private async record(
    facts: Record<string, unknown>,
    deadline: number,
    write: () => Promise<unknown>,
  ): Promise<void> {
    for (
      let pauseMs = RECORD_FIRST_PAUSE_MS;
      ;
      pauseMs = Math.min(pauseMs * 2, RECORD_MAX_PAUSE_MS)
    ) {
      try {
        await write();
        return;
      } catch (error) {
        // The outage itself is logged once, by Database; the job's line says what waits on it.
        if (this.stopped || Date.now() + pauseMs > deadline) {
          this.logger.warn(
            { ...facts, err: { message: error instanceof Error ? error.message : String(error) } },
            'Job outcome not recorded: the job runs again once its timeout passes',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  /** pg-boss's SQL, through Database: on the caller's transaction when given. */
  private async execute(
    text: string,
    values: unknown[] | undefined,
    on?: EntityManager,
  ): Promise<{ rows: Record<string, unknown>[] }> {
    // pg-boss's completion of a job whose outcome runOne recorded: nothing left to write.
    const ids = values?.[1];
    if (
      Array.isArray(ids) &&
      ids.length === 1 &&
      COMPLETION.test(text) &&
      this.recorded.delete(String(ids[0]))
    ) {
      return { rows: [{ count: '0' }] };
    }
    const running = this.db.foreign(text, values ?? [], on);
    this.inFlight.add(running);
    try {
      return { rows: await running };
    } finally {
      this.inFlight.delete(running);
    }
  }
}
