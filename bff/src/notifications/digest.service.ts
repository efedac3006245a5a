import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '#src/common/clock.js';
import { JobQueue } from '#src/jobs/job-queue.js';
import { Database } from '../database/database.js';
import { AppConfig } from '../config/app-config.js';
import { InventoryRepository, type StockMove } from '../inventory/inventory.repository.js';
import { stockStateOf } from '../inventory/inventory.service.js';
import { type DigestDeadline, type DigestStockChange } from '../mail/digest.mail.js';
import { MailService } from '../mail/mail.service.js';
import { notificationSettingsUrl } from '../mail/notification-settings.js';
import type { AttentionItemDto } from '../overview/dto/overview.dto.js';
import { OverviewService } from '../overview/overview.service.js';
import {
  type DigestRecipient,
  type DuePartner,
  NotificationsRepository,
} from './notifications.repository.js';

/** The partner's local time from which its day's digest is due (docs/product.md §5). */
export const DIGEST_HOUR = '08:00';
/** The filing windows the digest reports: those closing in exactly these many days (§5). */
export const DIGEST_DAYS_LEFT = [7, 3, 1] as const;
/** The stock window of a person's first digest (no earlier run to count from). */
const FIRST_DIGEST_LOOKBACK_MS = 24 * 60 * 60 * 1000;

const STATE_RANK = { in: 0, low: 1, out: 2 } as const;

/** What one `sendDue` did, for the scheduler's log. */
export interface DigestOutcome {
  /** Digests e-mailed. */
  sent: number;
  /** Days claimed with nothing to say (no e-mail). */
  quiet: number;
  /** Digests whose transaction failed (rolled back: tried again on the next call). */
  failed: number;
}

/**
 * The daily digest (docs/product.md, Notification preferences): `sendDue(now)` e-mails each member
 * who wants one the digest of each partner whose local time has reached 08:00 on a day that member
 * has not had theirs for. A scheduler calls it (every few minutes, from any number of instances):
 * the day is claimed by a `digest_runs` row in the transaction that sends it, so one person gets at
 * most one digest per partner and day.
 */
/** How often the queue looks for digests that are due (docs/operations.md, Daily digest). */
const DIGEST_CRON = '*/5 * * * *';

@Injectable()
export class DigestService implements OnModuleInit {
  private readonly logger = new Logger('Digest');

  constructor(
    private readonly preferences: NotificationsRepository,
    private readonly overview: OverviewService,
    private readonly inventory: InventoryRepository,
    private readonly mail: MailService,
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /** The scheduled job `digest`: every 5 minutes, on one instance at a time (unless DIGEST=off). */
  onModuleInit(): void {
    if (!this.config.digest) return;
    const due = this.jobs.define<Record<string, never>>({
      name: 'digest',
      run: async () => {
        await this.sendDue(this.clock.now());
      },
    });
    this.jobs.schedule(due, { cron: DIGEST_CRON });
  }

  async sendDue(now: Date): Promise<DigestOutcome> {
    const outcome: DigestOutcome = { sent: 0, quiet: 0, failed: 0 };
    for (const partner of await this.preferences.duePartners(now, DIGEST_HOUR)) {
      const recipients = await this.preferences.recipients(partner.id, partner.localDay);
      if (recipients.length === 0) continue;
      const deadlines = recipients.some((r) => r.filingDeadlines === 'daily_digest')
        ? (
            await this.overview.attentionClosingIn(partner.id, partner.localDay, DIGEST_DAYS_LEFT)
          ).map((item) => this.deadlineOf(partner, item))
        : [];
      // People whose last digest ran at the same moment share one read of the stock.
      const stockSince = new Map<number, Promise<DigestStockChange[]>>();
      for (const recipient of recipients) {
        const since = recipient.lastRunAt ?? new Date(now.getTime() - FIRST_DIGEST_LOOKBACK_MS);
        let stock: DigestStockChange[] = [];
        if (recipient.lowStock === 'daily_digest') {
          let changes = stockSince.get(since.getTime());
          if (changes === undefined) {
            changes = this.stockChangesSince(partner, since);
            stockSince.set(since.getTime(), changes);
          }
          stock = await changes;
        }
        const mine = recipient.filingDeadlines === 'daily_digest' ? deadlines : [];
        await this.deliver(partner, recipient, now, mine, stock, outcome);
      }
    }
    return outcome;
  }

  /** Claims the person's day and, when there is something to say, sends it in the same transaction. */
  private async deliver(
    partner: DuePartner,
    recipient: DigestRecipient,
    now: Date,
    deadlines: DigestDeadline[],
    stock: DigestStockChange[],
    outcome: DigestOutcome,
  ): Promise<void> {
    const worthSending = deadlines.length > 0 || stock.length > 0;
    try {
      const claimed = await this.db.transaction(async (manager) => {
        const took = await this.preferences.claimRun(
          partner.id,
          recipient.userId,
          partner.localDay,
          now,
          worthSending,
          manager,
        );
        // The message's job commits with the day's claim: sent (and retried) by the queue's worker.
        if (took && worthSending) {
          await this.mail.enqueue(manager, {
            template: 'digest',
            data: {
              to: { email: recipient.email, name: recipient.name },
              partnerName: partner.name,
              day: partner.localDay,
              deadlines,
              stock,
              settingsLink: notificationSettingsUrl(this.config.publicUrl, partner.slug),
            },
          });
        }
        return took;
      });
      if (claimed) {
        if (worthSending) outcome.sent += 1;
        else outcome.quiet += 1;
      }
    } catch (error) {
      outcome.failed += 1;
      this.logger.error(
        { err: error, partnerId: partner.id, userId: recipient.userId },
        'The digest was not sent',
      );
    }
  }

  private deadlineOf(partner: DuePartner, item: AttentionItemDto): DigestDeadline {
    const base = `${this.config.publicUrl}/${partner.slug}`;
    return {
      kind: item.kind,
      claimNumber: item.claim?.number ?? null,
      item: item.item === null ? null : `${item.item.sku} ${item.item.name}`,
      units: item.movement === null ? null : Math.abs(item.movement.quantity),
      daysLeft: item.daysLeft ?? 0,
      deadline: item.deadline ?? '',
      link:
        item.claim !== null
          ? `${base}/claims/${item.claim.id}`
          : `${base}/inventory/${item.movement?.itemId ?? ''}`,
    };
  }

  /**
   * The items that became low or out since `since`: their stock state now is worse (in → low,
   * in → out, low → out) than it was at `since`, as the movements recorded after it tell
   * (docs/product.md, Notification preferences: "became").
   */
  private async stockChangesSince(partner: DuePartner, since: Date): Promise<DigestStockChange[]> {
    const moves: StockMove[] = await this.inventory.stockMovedSince(partner.id, since);
    const changes: DigestStockChange[] = [];
    for (const move of moves) {
      const now = stockStateOf(move.available, move.reorderPoint);
      const before = stockStateOf(move.availableBefore, move.reorderPoint);
      if (now === 'in' || STATE_RANK[now] <= STATE_RANK[before]) continue;
      changes.push({
        item: `${move.sku} ${move.name}`,
        state: now,
        available: move.available,
        reorderPoint: move.reorderPoint,
        link: `${this.config.publicUrl}/${partner.slug}/inventory/${move.id}`,
      });
    }
    return changes;
  }
}
