import { Check, Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import type { MembershipRole } from '../partners/membership.entity.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

/** An admin's invitation of an e-mail address to a partner: 7 days, single use, only its hash stored. */
@Entity({ name: 'invitations' })
@Index('invitations_token_hash_key', ['tokenHash'], { unique: true })
@Index('invitations_partner_id_idx', ['partnerId'])
@Index('invitations_pending_idx', ['partnerId', 'createdAt', 'id'], {
  where: '"accepted_at" IS NULL AND "revoked_at" IS NULL',
})
@Check('invitations_role_check', `"role" IN ('viewer', 'manager', 'admin')`)
export class Invitation {
  @IdColumn('invitations')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'invitations', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @Column({ type: 'citext' })
  email!: string;

  @Column({ type: 'text' })
  role!: MembershipRole;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @UuidColumn('invited_by_user_id', { nullable: true })
  invitedByUserId!: string | null;

  @References(() => User, 'invitations', 'invited_by_user_id', 'SET NULL')
  invitedBy?: Relation<User> | null;

  @TimestampColumn('created_at')
  createdAt!: Date;

  @TimestampColumn('expires_at')
  expiresAt!: Date;

  @TimestampColumn('accepted_at', { nullable: true })
  acceptedAt!: Date | null;

  /** Revoked by an admin, or voided when its inviter stopped being an admin of the partner. */
  @TimestampColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;
}
