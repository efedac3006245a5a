import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

/** Facts of an event: flat, never a secret. */
export type AuditMetadata = Record<string, string | number | boolean | null>;

/**
 * One security-relevant event: sign-ins (ok and failed), password resets, role changes, staff access to
 * a partner, claim decisions. Rows outlive the users and partners they name (foreign keys set null).
 */
@Entity({ name: 'audit_logs' })
@Index('audit_logs_partner_id_at_idx', ['partnerId', 'at'])
@Index('audit_logs_actor_user_id_at_idx', ['actorUserId', 'at'])
export class AuditLog {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'audit_logs_pkey' })
  id!: string;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actor_user_id', foreignKeyConstraintName: 'audit_logs_actor_user_id_fkey' })
  actor?: Relation<User> | null;

  @Column({ name: 'partner_id', type: 'uuid', nullable: true })
  partnerId!: string | null;

  @ManyToOne(() => Partner, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'audit_logs_partner_id_fkey' })
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
