import { Check, Column, CreateDateColumn, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, UuidColumn } from '../database/columns.js';
import { User } from '../users/user.entity.js';
import type { MembershipRole } from '../common/roles.js';
import { Partner } from './partner.entity.js';

// The roles are common/roles.ts (auth's session speaks of them too); importers of the entity keep them.
export { MEMBERSHIP_ROLES, type MembershipRole } from '../common/roles.js';

/** A user's role in one partner; a user may belong to several partners. */
@Entity({ name: 'memberships' })
@Index('memberships_partner_id_user_id_key', ['partnerId', 'userId'], { unique: true })
@Index('memberships_user_id_idx', ['userId'])
@Check('memberships_role_check', `"role" IN ('viewer', 'manager', 'admin')`)
export class Membership {
  @IdColumn('memberships')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'memberships', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @UuidColumn('user_id')
  userId!: string;

  @References(() => User, 'memberships', 'user_id', 'CASCADE')
  user?: Relation<User>;

  @Column({ type: 'text' })
  role!: MembershipRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
