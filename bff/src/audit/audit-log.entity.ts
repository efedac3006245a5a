import { Check, Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';
import { ApiKey } from '../api-keys/api-key.entity.js';

/** Facts of an event: flat, never a secret. */
export type AuditMetadata = Record<string, string | number | boolean | null>;

/**
 * One security-relevant event: sign-ins (ok and failed), password resets, role changes, staff access to
 * a partner, claim decisions. Rows outlive the users and partners they name (foreign keys set null).
 */
@Entity({ name: 'audit_logs' })
@Index('audit_logs_actor_key_id_idx', ['actorKeyId'])
// A person or a key, never both (migration 1796800000000-api-keys).
@Check('audit_logs_one_actor_check', `"actor_user_id" IS NULL OR "actor_key_id" IS NULL`)
@Index('audit_logs_partner_id_at_idx', ['partnerId', 'at'])
@Index('audit_logs_actor_user_id_at_idx', ['actorUserId', 'at'])
export class AuditLog {
  @IdColumn('audit_logs')
  id!: string;

  @UuidColumn('actor_user_id', { nullable: true })
  actorUserId!: string | null;

  @References(() => User, 'audit_logs', 'actor_user_id', 'SET NULL')
  actor?: Relation<User> | null;

  /** The API key that did it (docs/api.md, API keys), when no person did. */
  @UuidColumn('actor_key_id', { nullable: true })
  actorKeyId!: string | null;

  @References(() => ApiKey, 'audit_logs', 'actor_key_id', 'SET NULL')
  actorKey?: Relation<ApiKey> | null;

  @UuidColumn('partner_id', { nullable: true })
  partnerId!: string | null;

  @References(() => Partner, 'audit_logs', 'partner_id', 'SET NULL')
  partner?: Relation<Partner> | null;

  /** A dotted verb, e.g. `auth.signin.failed`, `partner.staff_access`, `claim.approved`. */
  @Column({ type: 'text' })
  action!: string;

  /** What the action was about, e.g. `user:<id>` or `claim:<id>`. */
  @Column({ type: 'text', nullable: true })
  target!: string | null;

  @Column({ type: 'inet', nullable: true })
  ip!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata!: AuditMetadata;
}
