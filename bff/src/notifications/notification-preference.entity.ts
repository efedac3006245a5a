import { Check, Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References, TimestampColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

export const CLAIM_UPDATE_CHOICES = ['instant', 'off'] as const;
export type ClaimUpdatesChoice = (typeof CLAIM_UPDATE_CHOICES)[number];
export const DIGEST_CHOICES = ['daily_digest', 'off'] as const;
export type DigestChoice = (typeof DIGEST_CHOICES)[number];

/**
 * What one person is told about one partner (docs/product.md, Notification preferences). No row is
 * the defaults (`instant`, `daily_digest`, `daily_digest`): a row is written only when the person
 * saves their choices.
 */
@Entity({ name: 'notification_preferences' })
@Check('notification_preferences_claim_updates_check', `"claim_updates" IN ('instant', 'off')`)
@Check(
  'notification_preferences_filing_deadlines_check',
  `"filing_deadlines" IN ('daily_digest', 'off')`,
)
@Check('notification_preferences_low_stock_check', `"low_stock" IN ('daily_digest', 'off')`)
export class NotificationPreference {
  // The key leads with partner_id: a partner's digest reads its members' rows as one index range.
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'notification_preferences_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'notification_preferences', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({
    name: 'user_id',
    type: 'uuid',
    primaryKeyConstraintName: 'notification_preferences_pkey',
  })
  userId!: string;

  @References(() => User, 'notification_preferences', 'user_id', 'CASCADE')
  user?: Relation<User>;

  @Column({ name: 'claim_updates', type: 'text' })
  claimUpdates!: ClaimUpdatesChoice;

  @Column({ name: 'filing_deadlines', type: 'text' })
  filingDeadlines!: DigestChoice;

  @Column({ name: 'low_stock', type: 'text' })
  lowStock!: DigestChoice;

  @TimestampColumn('updated_at')
  updatedAt!: Date;
}
