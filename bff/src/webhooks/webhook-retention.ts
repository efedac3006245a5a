import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '#src/common/clock.js';
import { AppConfig } from '#src/config/app-config.js';
import { JobQueue } from '#src/jobs/job-queue.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** When the queue deletes the rows past the retention: hourly (docs/operations.md, Webhooks). */
const RETENTION_CRON = '37 * * * *';

/**
 * Rows one statement deletes: each batch is its own short transaction, so that no statement holds its
 * locks (or its share of the WAL) for long, however many rows are due (docs/operations.md, Webhooks).
 */
export const RETENTION_BATCH = 5_000;

/**
 * A run stops starting batches after this long, well within a job's 15 minutes' timeout; the next
 * run (an hour later) goes on where it stopped.
 */
const RUN_BUDGET_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a run of the retention deleted. */
export interface RetentionRun {
  deliveries: number;
  events: number;
  /** DELETE statements run (one endpoint's attempts, or one partner's events, at most a batch each). */
  batches: number;
  /** False when the run's time was up before everything due was deleted. */
  complete: boolean;
}

/**
 * The scheduled job `webhook-retention`: every hour, on one instance, deletes the delivery attempts
 * older than `WEBHOOK_RETENTION_DAYS` that are over, then the events of that age none of whose
 * attempts is left. An attempt still to be made or retried is never deleted, nor its event.
 */
@Injectable()
export class WebhookRetention implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly webhooks: WebhooksRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const retention = this.jobs.define<Record<string, never>>({
      name: 'webhook-retention',
      run: async () => {
        await this.deleteExpired();
      },
    });
    this.jobs.schedule(retention, { cron: RETENTION_CRON });
  }

  async deleteExpired(): Promise<RetentionRun> {
    const startedAt = performance.now();
    const before = new Date(this.clock.now().getTime() - this.config.webhookRetentionDays * DAY_MS);
    const run: RetentionRun = { deliveries: 0, events: 0, batches: 0, complete: true };
    const inBatches = async (
      table: 'deliveries' | 'events',
      batch: () => Promise<number>,
    ): Promise<void> => {
      for (;;) {
        if (performance.now() - startedAt > RUN_BUDGET_MS) {
          run.complete = false;
          return;
        }
        const deleted = await batch();
        run[table] += deleted;
        run.batches += 1;
        if (deleted < RETENTION_BATCH) return;
      }
    };
    // Partner by partner (tenant scoping, bff/README.md), endpoint by endpoint: each statement on the
    // indexes of the delivery log and the partner's events.
    for (const partnerId of await this.webhooks.partnersWithEventsBefore(before)) {
      for (const endpointId of await this.webhooks.endpointIds(partnerId)) {
        await inBatches('deliveries', () =>
          this.webhooks.deleteFinishedDeliveries(partnerId, endpointId, before, RETENTION_BATCH),
        );
      }
      await inBatches('events', () =>
        this.webhooks.deleteEventsWithoutDeliveries(partnerId, before, RETENTION_BATCH),
      );
    }
    const durationMs = Math.round(performance.now() - startedAt);
    this.logger.log(
      { ...run, before: before.toISOString(), durationMs },
      'Webhook events and attempts past the retention deleted',
    );
    return run;
  }
}
