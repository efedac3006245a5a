import { Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

/**
 * One event of a partner (docs/api.md, Webhooks): written in the transaction of the change that
 * causes it, with the exact body every attempt of every endpoint sends. Its id is the `webhook-id`.
 */
@Entity({ name: 'webhook_events' })
@Index('webhook_events_partner_idx', ['partnerId', 'createdAt', 'id'])
export class WebhookEvent {
  @IdColumn('webhook_events')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'webhook_events', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @Column({ type: 'text' })
  type!: string;

  /** The JSON body `{ type, timestamp, data }` as sent (and signed), byte for byte. */
  @Column({ type: 'text' })
  body!: string;

  @TimestampColumn('created_at')
  createdAt!: Date;
}
