import type { INestApplicationContext } from '@nestjs/common';
import { type JobCounts, JobQueue } from '#src/jobs/job-queue.js';

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
    await new Promise((resolve) => setTimeout(resolve, 100));
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
