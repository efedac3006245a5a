import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from '../users/user.entity.js';
import type { MembershipRole } from '../partners/membership.entity.js';
import { Partner } from '../partners/partner.entity.js';

/** An admin's invitation of an e-mail address to a partner: 7 days, single use, only its hash stored. */
@Entity({ name: 'invitations' })
@Index('invitations_token_hash_key', ['tokenHash'], { unique: true })
@Index('invitations_partner_id_idx', ['partnerId'])
@Check('invitations_role_check', `"role" IN ('viewer', 'manager', 'admin')`)
export class Invitation {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invitations_pkey' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @ManyToOne(() => Partner, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'invitations_partner_id_fkey' })
  partner?: Relation<Partner>;

  @Column({ type: 'citext' })
  email!: string;

  @Column({ type: 'text' })
  role!: MembershipRole;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'invited_by_user_id', type: 'uuid', nullable: true })
  invitedByUserId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({
    name: 'invited_by_user_id',
    foreignKeyConstraintName: 'invitations_invited_by_user_id_fkey',
  })
  invitedBy?: Relation<User> | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;
}
