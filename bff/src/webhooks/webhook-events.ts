import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '#src/common/clock.js';
import { AppConfig } from '#src/config/app-config.js';
import { type JobKind, JobQueue } from '#src/jobs/job-queue.js';
import type { RecordedMovementDto } from '#src/inventory/dto/inventory.dto.js';
import type { StockState } from '#src/inventory/inventory.lists.js';
import { stockStateOf } from '#src/inventory/inventory.service.js';
import { MailService } from '#src/mail/mail.service.js';
import { notificationSettingsUrl } from '#src/mail/notification-settings.js';
import type { WebhookEventType } from './webhook-endpoint.entity.js';
import { type AttemptOutcome, postWebhook, webhookSignature } from './webhook-sender.js';
import { type AttemptRecord, WebhooksRepository } from './webhooks.repository.js';

/** The kind of job that makes one delivery attempt (docs/operations.md, Webhooks). */
export const WEBHOOK_JOB = 'webhook';

/** A job: one attempt, the delivery row it fills, and when its chain of retries began. */
interface DeliveryJob {
  partnerId: string;
  deliveryId: string;
  /** ISO time of the chain's first attempt: retries stop when the retry window has passed since. */
  since: string;
  /** ISO time of the chain's first failure (on its retries). */
  failingFrom?: string;
}

/** How bad a stock state is: `inventory.stock_low` when a movement makes it worse. */
const STOCK_RANK: Record<StockState, number> = { in: 0, low: 1, out: 2 };

/** No retry waits longer than this (before its jitter). */
const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * Webhook events and their delivery (docs/product.md §3b, Webhooks; docs/api.md, Webhooks).
 *
 * - `emit(manager, partnerId, type, data)`, inside the transaction of the change: the event (its body
 *   written once, byte for byte what every attempt sends and signs) and one pending delivery per
 *   enabled endpoint subscribed to the type, each a `webhook` job of the queue: they exist exactly when
 *   the change commits.
 * - A job makes one attempt: the Standard Webhooks headers and signature, the address rule
 *   (`WEBHOOK_URLS`), the timeout; then in one transaction the attempt's row, and on a failure the next
 *   attempt (its row and its job, due after an exponential backoff with jitter) while the retry window
 *   lasts. 410 disables the endpoint at once; an endpoint failing for the whole window is disabled too;
 *   either way its partner's admins are e-mailed.
 * - A job runs at least once: a repeat finds its attempt no longer pending and does nothing; a process
 *   killed mid-attempt leaves the attempt pending, and the job runs again once past its timeout.
 */
@Injectable()
export class WebhookEvents implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private kind: JobKind<DeliveryJob> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly webhooks: WebhooksRepository,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.kind = this.jobs.define<DeliveryJob>({
      name: WEBHOOK_JOB,
      run: (job) => this.attempt(job),
      // An attempt takes at most the HTTP timeout: past that (and a margin), its process died.
      retry: { timeoutSeconds: this.config.webhookTimeoutSeconds + 5 },
      describe: (job) => ({ deliveryId: job.deliveryId }),
      // Attempts mostly wait on the receivers: a slow one must not hold up every other delivery.
      concurrency: this.config.webhookConcurrency,
    });
  }

  /**
   * The event `type` of the partner with `data` (the resource's public shape), on `manager`'s
   * transaction, to every enabled endpoint subscribed to it. Nothing when none is.
   */
  async emit(
    manager: EntityManager,
    partnerId: string,
    type: WebhookEventType,
    data: object,
  ): Promise<void> {
    const endpoints = await this.webhooks.subscribers(partnerId, type, manager);
    if (endpoints.length > 0) await this.publish(manager, partnerId, type, data, endpoints);
  }

  /**
   * A recorded movement (`inventory.movement_recorded`, its data the API's answer `{ movement, item }`),
   * and `inventory.stock_low` with the item when the movement made its stock state worse (in → low,
   * in or low → out; before: available minus the movement, as the daily digest compares).
   */
  async movementRecorded(
    manager: EntityManager,
    partnerId: string,
    recorded: RecordedMovementDto,
  ): Promise<void> {
    await this.emit(manager, partnerId, 'inventory.movement_recorded', recorded);
    const { item, movement } = recorded;
    const before = stockStateOf(item.available - movement.quantity, item.reorderPoint);
    if (STOCK_RANK[item.stockState] > STOCK_RANK[before]) {
      await this.emit(manager, partnerId, 'inventory.stock_low', item);
    }
  }

  /** An event to the given endpoints (a test event goes to one, whatever it subscribes to). */
  async publish(
    manager: EntityManager,
    partnerId: string,
    type: string,
    data: object,
    endpointIds: readonly string[],
  ): Promise<{ eventId: string; deliveryIds: string[] }> {
    const at = this.clock.now();
    const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
    const eventId = await this.webhooks.insertEvent(partnerId, { type, body, at }, manager);
    const deliveryIds: string[] = [];
    for (const endpointId of endpointIds) {
      deliveryIds.push(
        await this.schedule(manager, partnerId, { endpointId, eventId, attempt: 1, at, since: at }),
      );
    }
    return { eventId, deliveryIds };
  }

  /** A new attempt of an event at an endpoint ("send again"), now, with retries of its own. */
  redeliver(
    manager: EntityManager,
    partnerId: string,
    endpointId: string,
    eventId: string,
  ): Promise<string> {
    const at = this.clock.now();
    return this.schedule(manager, partnerId, { endpointId, eventId, at, since: at });
  }

  private async schedule(
    manager: EntityManager,
    partnerId: string,
    attempt: {
      endpointId: string;
      eventId: string;
      attempt?: number;
      at: Date;
      since: Date;
      failingFrom?: Date;
    },
  ): Promise<string> {
    if (this.kind === undefined) throw new Error('The webhook job is not defined yet');
    const deliveryId = await this.webhooks.insertDelivery(partnerId, attempt, manager);
    await this.jobs.enqueue(
      manager,
      this.kind,
      {
        partnerId,
        deliveryId,
        since: attempt.since.toISOString(),
        ...(attempt.failingFrom === undefined
          ? {}
          : { failingFrom: attempt.failingFrom.toISOString() }),
      },
      { startAfter: attempt.at },
    );
    return deliveryId;
  }

  /** The job: one attempt, then its row and what follows it. */
  private async attempt(job: DeliveryJob): Promise<void> {
    const attempt = await this.webhooks.attempt(job.partnerId, job.deliveryId);
    // Gone with its endpoint, or a repeat of a finished attempt.
    if (attempt === undefined || attempt.status !== 'pending') return;
    const outcome: AttemptOutcome = attempt.enabled
      ? await this.send(attempt)
      : { responseStatus: null, durationMs: 0, error: 'not sent: the endpoint is disabled' };
    const status = outcome.responseStatus;
    const succeeded = status !== null && status >= 200 && status < 300;
    const now = this.clock.now();
    const { partnerId } = job;
    const facts = { deliveryId: attempt.id, eventId: attempt.eventId, attempt: attempt.attempt };
    await this.webhooks.transaction(async (manager) => {
      const end = { responseStatus: status, durationMs: outcome.durationMs, error: outcome.error };
      if (succeeded || !attempt.enabled || status === 410) {
        const finished = await this.webhooks.finishDelivery(
          partnerId,
          attempt.id,
          { ...end, status: succeeded ? 'succeeded' : 'failed', nextAttemptAt: null },
          manager,
        );
        if (!finished) return;
        if (succeeded) {
          await this.webhooks.endpointSucceeded(partnerId, attempt.endpointId, manager);
        } else if (status === 410) {
          await this.disable(manager, partnerId, attempt, 'it answered 410 Gone', now);
        }
        return;
      }
      const failingSince = await this.webhooks.endpointFailed(
        partnerId,
        attempt.endpointId,
        now,
        manager,
      );
      const window = this.config.webhookRetryWindowSeconds * 1000;
      const since = Date.parse(job.since);
      const next = new Date(now.getTime() + this.retryDelay(attempt.attempt));
      // The retries of this event stop at the end of the window (the next would pass it).
      const windowOver = next.getTime() - since >= window;
      // Disabled: failing for the whole window, or with every delivery failed since this event's
      // first failure, now that its retries are over.
      const failingFrom = job.failingFrom === undefined ? now : new Date(job.failingFrom);
      const failedTooLong =
        failingSince !== undefined &&
        (now.getTime() - failingSince.getTime() >= window ||
          (windowOver && failingSince <= failingFrom));
      const retry = !failedTooLong && !windowOver;
      const finished = await this.webhooks.finishDelivery(
        partnerId,
        attempt.id,
        { ...end, status: 'failed', nextAttemptAt: retry ? next : null },
        manager,
      );
      if (!finished) return;
      if (failedTooLong) {
        const days = Math.round((window / 86_400_000) * 10) / 10;
        await this.disable(
          manager,
          partnerId,
          attempt,
          `every delivery failed for ${days} days`,
          now,
        );
      } else if (retry) {
        await this.schedule(manager, partnerId, {
          endpointId: attempt.endpointId,
          eventId: attempt.eventId,
          attempt: attempt.attempt + 1,
          at: next,
          since: new Date(job.since),
          failingFrom,
        });
      }
    });
    if (succeeded) this.logger.log({ ...facts, status }, 'Webhook delivered');
    else this.logger.warn({ ...facts, status, error: outcome.error }, 'Webhook delivery failed');
  }

  /** POSTs the event with its headers, signed with the secret and, while it lasts, the previous one. */
  private send(attempt: AttemptRecord): Promise<AttemptOutcome> {
    const now = this.clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = [attempt.secret];
    if (
      attempt.previousSecret !== null &&
      attempt.previousSecretExpiresAt !== null &&
      attempt.previousSecretExpiresAt > now
    ) {
      secrets.push(attempt.previousSecret);
    }
    const headers = {
      'webhook-id': attempt.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(secrets, attempt.eventId, timestamp, attempt.body),
    };
    return postWebhook(attempt.url, headers, attempt.body, {
      rule: this.config.webhookUrls,
      timeoutMs: this.config.webhookTimeoutSeconds * 1000,
    });
  }

  /** The wait after failed attempt `n`: first delay × 2^(n-1), at most 6 hours, times 1 to 1.5. */
  private retryDelay(n: number): number {
    const base = Math.min(
      this.config.webhookRetryDelaySeconds * 1000 * 2 ** Math.min(n - 1, 30),
      MAX_RETRY_DELAY_MS,
    );
    return Math.round(base * (1 + Math.random() / 2));
  }

  /** Disables the endpoint and e-mails the partner's admins, in the attempt's transaction. */
  private async disable(
    manager: EntityManager,
    partnerId: string,
    attempt: AttemptRecord,
    why: string,
    now: Date,
  ): Promise<void> {
    const reason = `Disabled: ${why}`;
    if (
      !(await this.webhooks.disableEndpoint(partnerId, attempt.endpointId, reason, now, manager))
    ) {
      return;
    }
    this.logger.warn({ endpointId: attempt.endpointId, reason }, 'Webhook endpoint disabled');
    const partner = await this.webhooks.partner(partnerId, manager);
    const endpoint = await this.webhooks.endpoint(partnerId, attempt.endpointId, manager);
    if (partner === undefined || endpoint === undefined) return;
    const { publicUrl } = this.config;
    for (const admin of await this.webhooks.admins(partnerId, manager)) {
      await this.mail.enqueue(manager, {
        template: 'webhookDisabled',
        data: {
          to: admin,
          partnerName: partner.name,
          url: endpoint.url,
          description: endpoint.description,
          reason: why,
          link: `${publicUrl}/${partner.slug}/settings/webhooks`,
          settingsLink: notificationSettingsUrl(publicUrl, partner.slug),
        },
      });
    }
  }
}
