import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '#src/common/clock.js';
import type { AuditMetadata } from './audit-log.entity.js';
import { AuditRepository } from './audit.repository.js';

export type AuditAction =
  | 'auth.signin'
  | 'auth.signin.failed'
  | 'auth.signout'
  | 'auth.signout_everywhere'
  | 'auth.refresh.reused'
  | 'auth.password_reset.requested'
  | 'auth.password_reset'
  | 'partner.invitation.created'
  | 'partner.invitation.accepted'
  | 'partner.invitation.revoked'
  | 'partner.member.role_changed'
  | 'partner.member.removed'
  | 'partner.staff_access'
  | 'partner.webhook.created'
  | 'partner.webhook.changed'
  | 'partner.webhook.removed'
  | 'partner.webhook.secret_rotated'
  | 'claim.approval_requested'
  | 'claim.approved'
  | 'claim.rejected'
  | 'claim.paid'
  | 'api_key.created'
  | 'api_key.revoked';

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: string | null;
  /** The API key that acted instead of a person. */
  actorKeyId?: string | null;
  target?: string | null;
  ip?: string | null;
  metadata?: AuditMetadata;
}

/**
 * Writes the audit log (docs/product.md §4): one row per security-relevant event, never a secret in
 * it. An event inside a partner is recorded with that partner's id first, like every tenant write.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly records: AuditRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * An event of an account (sign-in, reset, ...), outside any partner: the account is actor and target
   * (none when the e-mail or token named no account).
   */
  recordAccountEvent(
    action: AuditAction,
    userId: string | undefined,
    ip: string,
    options: { metadata?: AuditMetadata; manager?: EntityManager } = {},
  ): Promise<void> {
    return this.insert(
      null,
      {
        action,
        actorUserId: userId ?? null,
        target: userId === undefined ? null : `user:${userId}`,
        ip,
        metadata: options.metadata,
      },
      options.manager,
    );
  }

  /** An event inside one partner. */
  recordForPartner(partnerId: string, entry: AuditEntry, manager?: EntityManager): Promise<void> {
    return this.insert(partnerId, entry, manager);
  }

  /** An event of the network, outside any partner (staff's network API keys). */
  recordForNetwork(entry: AuditEntry, manager?: EntityManager): Promise<void> {
    return this.insert(null, entry, manager);
  }

  private async insert(
    partnerId: string | null,
    entry: AuditEntry,
    manager: EntityManager | undefined,
  ): Promise<void> {
    await this.records.insert(
      {
        partnerId,
        actorUserId: entry.actorUserId ?? null,
        actorKeyId: entry.actorKeyId ?? null,
        action: entry.action,
        target: entry.target ?? null,
        ip: entry.ip ?? null,
        at: this.clock.now(),
        metadata: entry.metadata ?? {},
      },
      manager,
    );
  }
}
