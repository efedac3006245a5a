import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';

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
  | 'partner.member.role_changed'
  | 'partner.member.removed'
  | 'partner.staff_access';

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: string | null;
  partnerId?: string | null;
  target?: string | null;
  ip?: string | null;
  metadata?: Record<string, unknown>;
}

/** Writes the audit log (PRODUCT.md §4): one row per security-relevant event. Never a secret in it. */
@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO audit_logs (actor_user_id, partner_id, action, target, ip, at, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.actorUserId ?? null,
        entry.partnerId ?? null,
        entry.action,
        entry.target ?? null,
        entry.ip ?? null,
        this.clock.now(),
        JSON.stringify(entry.metadata ?? {}),
      ],
    );
  }
}
