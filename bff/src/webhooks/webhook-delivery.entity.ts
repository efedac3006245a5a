import { Check, Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One attempt to deliver one event to one endpoint (the delivery log, docs/api.md): `pending` until it
 * has run, then `succeeded` or `failed` with what the endpoint answered (or why it was not reached)
 * and, when another attempt follows, when. Each attempt is a job of the queue (docs/operations.md,
 * Webhooks).
 */
@Entity({ name: 'webhook_deliveries' })
@Check('webhook_deliveries_status_check', `"status" IN ('pending', 'succeeded', 'failed')`)
// The endpoint's delivery log, newest first (keyset on created_at, id).
@Index('webhook_deliveries_log_idx', ['partnerId', 'endpointId', 'createdAt', 'id'])
// Each attempt of an event at an endpoint once.
@Index('webhook_deliveries_attempt_key', ['endpointId', 'eventId', 'attempt'], { unique: true })
@Index('webhook_deliveries_event_id_idx', ['eventId'])
export class WebhookDelivery {
  @IdColumn('webhook_deliveries')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'webhook_deliveries', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @UuidColumn('endpoint_id')
  endpointId!: string;

  @References(() => WebhookEndpoint, 'webhook_deliveries', 'endpoint_id', 'CASCADE')
  endpoint?: Relation<WebhookEndpoint>;

  @UuidColumn('event_id')
  eventId!: string;

  @References(() => WebhookEvent, 'webhook_deliveries', 'event_id', 'CASCADE')
  event?: Relation<WebhookEvent>;

  /** 1 for the first attempt of the event at this endpoint. */
  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ type: 'text' })
  status!: DeliveryStatus;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  /** Why a failed attempt failed when there was no answer (a timeout, a refused address, …). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @TimestampColumn('next_attempt_at', { nullable: true })
  nextAttemptAt!: Date | null;

  /** When the attempt was due: a retry's row is written with the failure before it. */
  @TimestampColumn('created_at')
  createdAt!: Date;
}
