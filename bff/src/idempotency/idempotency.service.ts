import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { JobQueue } from '../jobs/job-queue.js';
import { IdempotencyRepository } from './idempotency.repository.js';

/** How often the queue deletes the keys whose 24 hours are over (docs/operations.md, Jobs). */
const CLEANUP_CRON = '17 * * * *';

/**
 * The scheduled job `idempotency-cleanup`: every hour, on one instance, deletes the expired keys. An
 * expired key is already free (the interceptor takes it over): the job only keeps the table small.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly jobs: JobQueue,
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const cleanup = this.jobs.define<Record<string, never>>({
      name: 'idempotency-cleanup',
      run: async () => {
        await this.deleteExpired();
      },
    });
    this.jobs.schedule(cleanup, { cron: CLEANUP_CRON });
  }

  async deleteExpired(): Promise<number> {
    const deleted = await this.keys.deleteExpired(this.clock.now());
    if (deleted > 0) this.logger.log({ deleted }, 'Expired idempotency keys deleted');
    return deleted;
  }
}
