import type { EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem-details.js';
import { Database } from '../database/database.js';
import { partnerNotFound } from '../partners/partner.problems.js';
import type {
  NotificationsChangeDto,
  NotificationsDto,
  PartnerNotificationsDto,
} from './dto/notifications.dto.js';
import { NotificationsRepository, type PartnerPreferences } from './notifications.repository.js';

function toDto(row: PartnerPreferences): PartnerNotificationsDto {
  const { slug, name, claimUpdates, filingDeadlines, lowStock } = row;
  return { slug, name, claimUpdates, filingDeadlines, lowStock };
}

/**
 * A person's notification preferences, per partner (docs/product.md, Notification preferences), and
 * the one question the senders of instant e-mails ask of them.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly preferences: NotificationsRepository,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async of(userId: string): Promise<NotificationsDto> {
    return { partners: (await this.preferences.ofUser(userId)).map(toDto) };
  }

  /**
   * Saves the choices given for any of the caller's partners, all or nothing: a partner named twice
   * is 400 `validation`, one the caller does not belong to is the 404 of any non-member access.
   */
  async change(userId: string, body: NotificationsChangeDto): Promise<NotificationsDto> {
    const seen = new Set<string>();
    body.partners.forEach((entry, index) => {
      if (seen.has(entry.slug)) {
        throw new ProblemException(400, 'validation', 'The request is invalid.', [
          { field: `partners.${index}.slug`, message: `${entry.slug} is named twice` },
        ]);
      }
      seen.add(entry.slug);
    });
    const current = new Map(
      (await this.preferences.ofUser(userId)).map((row) => [row.slug, row] as const),
    );
    if (body.partners.some((entry) => !current.has(entry.slug))) throw partnerNotFound();
    const at = this.clock.now();
    await this.db.transaction(async (manager) => {
      for (const entry of body.partners) {
        const before = current.get(entry.slug);
        if (before === undefined) throw partnerNotFound();
        await this.preferences.save(
          before.partnerId,
          userId,
          {
            claimUpdates: entry.claimUpdates ?? before.claimUpdates,
            filingDeadlines: entry.filingDeadlines ?? before.filingDeadlines,
            lowStock: entry.lowStock ?? before.lowStock,
          },
          at,
          manager,
        );
      }
    });
    return this.of(userId);
  }

  /** Whether the person wants claim e-mails of the partner as they happen (no row: yes). */
  async wantsClaimUpdates(
    partnerId: string,
    userId: string,
    manager?: EntityManager,
  ): Promise<boolean> {
    return (await this.preferences.of(partnerId, userId, manager)).claimUpdates === 'instant';
  }
}
