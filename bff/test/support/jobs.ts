import type { INestApplicationContext } from '@nestjs/common';
import { type JobCounts, JobQueue } from '#src/jobs/job-queue.js';

/** What of pg-boss these helpers use: its `work` (the worker's id), `notifyWorker` and `emit`. */
interface WorkerControls {
  work: (...args: unknown[]) => Promise<string>;
  notifyWorker(workerId: string): void;
  emit(event: string, value: unknown): boolean;
}

/** The ids of the workers each queue of a test application started (recordWorkers). */
const workerIds = new WeakMap<JobQueue, string[]>();

/** The queue's PgBoss: private to JobQueue, reached by the tests here and nowhere else. */
const bossOf = (queue: JobQueue) => (queue as unknown as { boss: WorkerControls }).boss;

/**
 * Keeps the ids of the workers `queue` starts, so that jobsSettled can wake them: startTestApp calls it
 * once the application's providers exist, before its bootstrap starts the workers.
 */
export function recordWorkers(queue: JobQueue): void {
  const boss = bossOf(queue);
  const ids: string[] = [];
  workerIds.set(queue, ids);
  const work = boss.work;
  boss.work = async (...args) => {
    const id = await work(...args);
    ids.push(id);
    return id;
  };
}

/**
 * Wakes the queue's workers to look for due jobs now (pg-boss's notifyWorker), not at their next poll:
 * an idle worker looks every WORKER_POLL_SECONDS (1 s in tests), and one that ran a job waits out the
 * rest of that second before the next. Waiting for an e-mail cost half a second on average, 65 s of
 * auth.e2e-spec's 82 (docs/operations.md, What CI's time goes to).
 */
function wakeWorkers(queue: JobQueue): void {
  const boss = bossOf(queue);
  for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
}

/**
 * Waits until the job queue of `app`'s database has nothing pending or waiting for a retry: every
 * e-mail enqueued so far has been delivered (or is dead). E-mails go through the queue
 * (docs/decisions.md, "A job queue in PostgreSQL"): a test reads the outbox or the SMTP capture after
 * this, both for a mail that must be there and for one that must not.
 */
export async function jobsSettled(
  app: INestApplicationContext,
  timeoutMs = 30_000,
): Promise<JobCounts> {
  const jobs = app.get(JobQueue);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await jobs.counts();
    if (counts.pending === 0 && counts.failed === 0) return counts;
    if (Date.now() > deadline) {
      throw new Error(`Jobs still pending after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    }
    wakeWorkers(jobs);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `probe` until it returns a value other than undefined (or throws after `timeoutMs`). */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Has the queue's pg-boss report `error` as it reports a failure of its own (its cron, maintenance). */
export function reportQueueError(app: INestApplicationContext, error: unknown): void {
  bossOf(app.get(JobQueue)).emit('error', error);
}
