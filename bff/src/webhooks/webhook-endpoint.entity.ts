import { Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

/** The events a partner's endpoint may subscribe to (docs/api.md, Webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  'claim.created',
  'claim.status_changed',
  'claim.comment_added',
  'inventory.movement_recorded',
  'inventory.stock_low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What `POST …/webhooks/{id}/test` sends: only to that endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * One URL a partner's systems receive events at (docs/product.md §3b, Webhooks). The signing secret is
 * kept as given (docs/security.md, Webhook secrets): the BFF must hold it to sign; it is never
 * selected by a list or answered after creation or rotation.
 */
@Entity({ name: 'webhook_endpoints' })
// The partner's endpoints, oldest first.
@Index('webhook_endpoints_partner_idx', ['partnerId', 'createdAt', 'id'])
@Index('webhook_endpoints_created_by_user_id_idx', ['createdByUserId'])
export class WebhookEndpoint {
  @IdColumn('webhook_endpoints')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'webhook_endpoints', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  /** Why the BFF disabled it (a 410, three days of failures); null when enabled or disabled by hand. */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason!: string | null;

  /** `whsec_` + base64 of 32 random bytes. */
  @Column({ type: 'text' })
  secret!: string;

  /** The secret before the latest rotation: still signed with until `previousSecretExpiresAt`. */
  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret!: string | null;

  @TimestampColumn('previous_secret_expires_at', { nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** Since when every delivery failed (the first failure after a success); null while it succeeds. */
  @TimestampColumn('failing_since', { nullable: true })
  failingSince!: Date | null;

  @UuidColumn('created_by_user_id', { nullable: true })
  createdByUserId!: string | null;

  @References(() => User, 'webhook_endpoints', 'created_by_user_id', 'SET NULL')
  createdBy?: Relation<User> | null;

  @TimestampColumn('created_at')
  createdAt!: Date;

  @TimestampColumn('updated_at')
  updatedAt!: Date;
}
