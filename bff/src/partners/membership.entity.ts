import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from '../users/user.entity.js';
import { Partner } from './partner.entity.js';

export const MEMBERSHIP_ROLES = ['viewer', 'manager', 'admin'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** A user's role in one partner; a user may belong to several partners. */
@Entity({ name: 'memberships' })
@Index('memberships_partner_id_user_id_key', ['partnerId', 'userId'], { unique: true })
@Index('memberships_user_id_idx', ['userId'])
@Check('memberships_role_check', `"role" IN ('viewer', 'manager', 'admin')`)
export class Membership {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'memberships_pkey' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @ManyToOne(() => Partner, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'memberships_partner_id_fkey' })
  partner?: Relation<Partner>;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'memberships_user_id_fkey' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  role!: MembershipRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
