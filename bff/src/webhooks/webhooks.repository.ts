import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  DeclaredListQuery,
  defineList,
  keysetPage,
  type ListCursorCodec,
  type ListFrom,
  type ListQuery,
  type Page,
} from '#src/common/list/index.js';
import { Database } from '#src/database/database.js';
import { type Sql, join, sql } from '#src/database/sql.js';
import { fields, read, selection, table } from '#src/database/table.js';
import { type DeliveryStatus, WebhookDelivery } from './webhook-delivery.entity.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhookEvent } from './webhook-event.entity.js';

/** The webhook tables (docs/decisions.md, Data layer). */
export const WEBHOOK_ENDPOINTS = table(WebhookEndpoint);
export const WEBHOOK_EVENTS = table(WebhookEvent);
export const WEBHOOK_DELIVERIES = table(WebhookDelivery);

/** An endpoint as the API shows it: no secret, its creator's name joined. */
const ENDPOINT = selection(
  WEBHOOK_ENDPOINTS.select(
    'w',
    [
      'id',
      'url',
      'events',
      'description',
      'enabled',
      'disabledReason',
      'failingSince',
      'previousSecretExpiresAt',
      'createdByUserId',
      'createdAt',
      'updatedAt',
    ],
    { times: 'iso' },
  ),
  fields({ createdByName: ['u.name', read.nullable(read.text)] }),
);
export type EndpointRecord = ReturnType<typeof ENDPOINT.read>;
const ENDPOINT_FROM = sql`webhook_endpoints w LEFT JOIN users u ON u.id = w.created_by_user_id`;

/** What one attempt needs: the attempt, its endpoint (secrets included) and its event's body. */
const ATTEMPT = selection(
  WEBHOOK_DELIVERIES.select('d', ['id', 'endpointId', 'eventId', 'attempt', 'status']),
  fields({
    url: ['w.url', read.text],
    enabled: ['w.enabled', read.boolean],
    secret: ['w.secret', read.text],
    previousSecret: ['w.previous_secret', read.nullable(read.text)],
    previousSecretExpiresAt: ['w.previous_secret_expires_at', read.nullable(read.date)],
    type: ['e.type', read.text],
    body: ['e.body', read.text],
    eventCreatedAt: ['e.created_at', read.date],
  }),
);
export type AttemptRecord = ReturnType<typeof ATTEMPT.read>;

/** `webhook_deliveries d` with its event `e`: the delivery log's tables. */
const DELIVERY_TABLES: ListFrom = {
  table: 'webhook_deliveries',
  alias: 'd',
  joins: [{ join: 'inner', table: 'webhook_events', alias: 'e', on: 'e.id = d.event_id' }],
};

/** A row of the delivery log as the API shows it. */
const DELIVERY = selection(
  WEBHOOK_DELIVERIES.select(
    'd',
    [
      'id',
      'eventId',
      'attempt',
      'status',
      'responseStatus',
      'durationMs',
      'error',
      'nextAttemptAt',
      'createdAt',
    ],
    { times: 'iso' },
  ),
  fields({ type: ['e.type', read.text] }),
);
export type DeliveryRecord = ReturnType<typeof DELIVERY.read>;

/** The delivery log (`GET …/webhooks/{id}/deliveries`): newest first; on `webhook_deliveries_log_idx`. */
export const DELIVERY_LIST = defineList({
  id: 'webhook-deliveries',
  sortFields: { createdAt: 'd.created_at' },
  defaultSort: '-createdAt',
  idColumn: 'd.id',
});

/** A delivery log can hold an attempt for every event of years: its total is estimated past this. */
const DELIVERY_TOTAL = { estimateAbove: 10_000, maxCountCost: 2_000 } as const;

export interface NewEndpoint {
  url: string;
  events: readonly string[];
  description: string | null;
  secret: string;
  createdByUserId: string;
  at: Date;
}

export interface EndpointChange {
  url?: string;
  events?: readonly string[];
  description?: string | null;
  enabled?: boolean;
}

const readId = (row: Record<string, unknown>): string => read.text(row.id, 'id');

/**
 * Every statement on `webhook_endpoints`, `webhook_events` and `webhook_deliveries`. Tenant data:
 * every method takes the partner id first, and every statement is scoped by it. Methods that write
 * inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  endpoints(partnerId: string): Promise<EndpointRecord[]> {
    return this.db.rows(
      sql`SELECT ${ENDPOINT.list} FROM ${ENDPOINT_FROM}
           WHERE w.partner_id = ${partnerId} ORDER BY w.created_at, w.id`,
      ENDPOINT.read,
    );
  }

  endpoint(
    partnerId: string,
    id: string,
    manager?: EntityManager,
  ): Promise<EndpointRecord | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ENDPOINT.list} FROM ${ENDPOINT_FROM}
           WHERE w.partner_id = ${partnerId} AND w.id = ${id}`,
      ENDPOINT.read,
      manager,
    );
  }

  async countEndpoints(partnerId: string, manager: EntityManager): Promise<number> {
    return this.db.one(
      sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE partner_id = ${partnerId}`,
      (row) => read.integer(row.n, 'n'),
      manager,
    );
  }

  insertEndpoint(
    partnerId: string,
    endpoint: NewEndpoint,
    manager: EntityManager,
  ): Promise<string> {
    return this.db.one(
      sql`INSERT INTO webhook_endpoints (partner_id, url, events, description, enabled, secret,
            created_by_user_id, created_at, updated_at)
          VALUES (${partnerId}, ${endpoint.url}, ${[...endpoint.events]}::text[],
            ${endpoint.description}, true, ${endpoint.secret}, ${endpoint.createdByUserId},
            ${endpoint.at}, ${endpoint.at})
          RETURNING id`,
      readId,
      manager,
    );
  }

  /**
   * Changes what is given; enabling clears the reason of a disabling and the failing streak. False when
   * there is no such endpoint.
   */
  async updateEndpoint(
    partnerId: string,
    id: string,
    change: EndpointChange,
    at: Date,
  ): Promise<boolean> {
    const sets: Sql[] = [sql`updated_at = ${at}`];
    if (change.url !== undefined) sets.push(sql`url = ${change.url}`);
    if (change.events !== undefined) sets.push(sql`events = ${[...change.events]}::text[]`);
    if (change.description !== undefined) sets.push(sql`description = ${change.description}`);
    if (change.enabled === true) {
      sets.push(sql`enabled = true, disabled_reason = NULL, failing_since = NULL`);
    } else if (change.enabled === false) {
      sets.push(sql`enabled = false, disabled_reason = NULL`);
    }
    const changed = await this.db.execute(
      sql`UPDATE webhook_endpoints SET ${join(sets, ', ')}
           WHERE partner_id = ${partnerId} AND id = ${id}`,
    );
    return changed > 0;
  }

  async deleteEndpoint(partnerId: string, id: string): Promise<boolean> {
    const deleted = await this.db.execute(
      sql`DELETE FROM webhook_endpoints WHERE partner_id = ${partnerId} AND id = ${id}`,
    );
    return deleted > 0;
  }

  /** The new secret signs from now on; the current one also until `previousUntil`. */
  async rotateSecret(
    partnerId: string,
    id: string,
    secret: string,
    previousUntil: Date,
    at: Date,
  ): Promise<boolean> {
    const changed = await this.db.execute(
      sql`UPDATE webhook_endpoints
             SET previous_secret = secret, previous_secret_expires_at = ${previousUntil},
                 secret = ${secret}, updated_at = ${at}
           WHERE partner_id = ${partnerId} AND id = ${id}`,
    );
    return changed > 0;
  }

  /** The enabled endpoints of the partner subscribed to `type`. */
  subscribers(partnerId: string, type: string, manager: EntityManager): Promise<string[]> {
    return this.db.rows(
      sql`SELECT id FROM webhook_endpoints
           WHERE partner_id = ${partnerId} AND enabled AND ${type} = ANY (events)`,
      readId,
      manager,
    );
  }

  insertEvent(
    partnerId: string,
    event: { type: string; body: string; at: Date },
    manager: EntityManager,
  ): Promise<string> {
    return this.db.one(
      sql`INSERT INTO webhook_events (partner_id, type, body, created_at)
          VALUES (${partnerId}, ${event.type}, ${event.body}, ${event.at})
          RETURNING id`,
      readId,
      manager,
    );
  }

  /** A pending attempt of an event at an endpoint; `attempt` omitted: the one after the latest. */
  insertDelivery(
    partnerId: string,
    delivery: { endpointId: string; eventId: string; attempt?: number; at: Date },
    manager: EntityManager,
  ): Promise<string> {
    const attempt =
      delivery.attempt === undefined
        ? sql`(SELECT coalesce(max(attempt), 0) + 1 FROM webhook_deliveries
               WHERE partner_id = ${partnerId} AND endpoint_id = ${delivery.endpointId}
                 AND event_id = ${delivery.eventId})`
        : sql`${delivery.attempt}::int`;
    return this.db.one(
      sql`INSERT INTO webhook_deliveries (partner_id, endpoint_id, event_id, attempt, status, created_at)
          VALUES (${partnerId}, ${delivery.endpointId}, ${delivery.eventId}, ${attempt}, 'pending',
            ${delivery.at})
          RETURNING id`,
      readId,
      manager,
    );
  }

  attempt(partnerId: string, deliveryId: string): Promise<AttemptRecord | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ATTEMPT.list}
            FROM webhook_deliveries d
            JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.partner_id = d.partner_id
            JOIN webhook_events e ON e.id = d.event_id AND e.partner_id = d.partner_id
           WHERE d.partner_id = ${partnerId} AND d.id = ${deliveryId}`,
      ATTEMPT.read,
    );
  }

  /** Records how a pending attempt ended; false when it had already ended (a repeated job). */
  async finishDelivery(
    partnerId: string,
    deliveryId: string,
    end: {
      status: Exclude<DeliveryStatus, 'pending'>;
      responseStatus: number | null;
      durationMs: number | null;
      error: string | null;
      nextAttemptAt: Date | null;
    },
    manager: EntityManager,
  ): Promise<boolean> {
    const changed = await this.db.execute(
      sql`UPDATE webhook_deliveries
             SET status = ${end.status}, response_status = ${end.responseStatus},
                 duration_ms = ${end.durationMs}, error = ${end.error},
                 next_attempt_at = ${end.nextAttemptAt}
           WHERE partner_id = ${partnerId} AND id = ${deliveryId} AND status = 'pending'`,
      manager,
    );
    return changed > 0;
  }

  async endpointSucceeded(partnerId: string, id: string, manager: EntityManager): Promise<void> {
    await this.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = NULL
           WHERE partner_id = ${partnerId} AND id = ${id} AND failing_since IS NOT NULL`,
      manager,
    );
  }

  /** Marks a failure: the endpoint's failing streak starts now unless it had started; when it started. */
  endpointFailed(
    partnerId: string,
    id: string,
    at: Date,
    manager: EntityManager,
  ): Promise<Date | undefined> {
    return this.db.maybeOne(
      sql`UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ${at})
           WHERE partner_id = ${partnerId} AND id = ${id}
          RETURNING failing_since`,
      (row) => read.date(row.failing_since, 'failing_since'),
      manager,
    );
  }

  /** Disables an enabled endpoint with the reason; false when it was not enabled. */
  async disableEndpoint(
    partnerId: string,
    id: string,
    reason: string,
    at: Date,
    manager: EntityManager,
  ): Promise<boolean> {
    const changed = await this.db.execute(
      sql`UPDATE webhook_endpoints SET enabled = false, disabled_reason = ${reason}, updated_at = ${at}
           WHERE partner_id = ${partnerId} AND id = ${id} AND enabled`,
      manager,
    );
    return changed > 0;
  }

  /** The event of one attempt of the endpoint's log; undefined when there is none. */
  deliveredEvent(
    partnerId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<string | undefined> {
    return this.db.maybeOne(
      sql`SELECT event_id FROM webhook_deliveries
           WHERE partner_id = ${partnerId} AND endpoint_id = ${endpointId} AND id = ${deliveryId}`,
      (row) => read.text(row.event_id, 'event_id'),
    );
  }

  delivery(partnerId: string, deliveryId: string): Promise<DeliveryRecord | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${DELIVERY.list} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
           WHERE d.partner_id = ${partnerId} AND d.id = ${deliveryId}`,
      DELIVERY.read,
    );
  }

  /** One page of the endpoint's delivery log (keyset: DELIVERY_LIST). */
  deliveryPage(
    partnerId: string,
    endpointId: string,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<DeliveryRecord>> {
    const deliveries = new DeclaredListQuery<WebhookDelivery>({
      statement: 'webhook-deliveries',
      dataSource: this.db.dataSource,
      select: DELIVERY,
      from: DELIVERY_TABLES,
      conditions: [
        {
          sql: 'd.partner_id = :partnerId AND d.endpoint_id = :endpointId',
          parameters: { partnerId, endpointId },
        },
      ],
    });
    return keysetPage(deliveries, {
      list: DELIVERY_LIST,
      query,
      codec,
      boundTo: `${partnerId}:${endpointId}`,
      total: DELIVERY_TOTAL,
      read: DELIVERY.read,
    });
  }

  /**
   * The partners with an event created before `before` (on `webhook_events_partner_idx`): the ones the
   * retention job has anything to delete of (an attempt is never older than its event).
   */
  partnersWithEventsBefore(before: Date): Promise<string[]> {
    return this.db.rows(
      sql`SELECT p.id FROM partners p
           WHERE EXISTS (SELECT 1 FROM webhook_events e
                          WHERE e.partner_id = p.id AND e.created_at < ${before})
           ORDER BY p.id`,
      readId,
    );
  }

  /** The ids of the partner's endpoints. */
  endpointIds(partnerId: string): Promise<string[]> {
    return this.db.rows(
      sql`SELECT id FROM webhook_endpoints WHERE partner_id = ${partnerId} ORDER BY id`,
      readId,
    );
  }

  /**
   * Deletes at most `limit` of the endpoint's attempts created before `before` that are over:
   * succeeded, or failed with no attempt of their event at the endpoint still pending (a failed
   * attempt's retry is the next attempt's `pending` row, written with the failure). On
   * `webhook_deliveries_log_idx`, in no order: the scan stops at `limit` rows found, however many are
   * due (docs/operations.md, Webhooks). How many (the retention job's).
   */
  deleteFinishedDeliveries(
    partnerId: string,
    endpointId: string,
    before: Date,
    limit: number,
  ): Promise<number> {
    return this.db.execute(
      sql`DELETE FROM webhook_deliveries WHERE partner_id = ${partnerId} AND id IN (
            SELECT d.id FROM webhook_deliveries d
             WHERE d.partner_id = ${partnerId} AND d.endpoint_id = ${endpointId}
               AND d.created_at < ${before} AND d.status <> 'pending'
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries due
                                WHERE due.endpoint_id = d.endpoint_id AND due.event_id = d.event_id
                                  AND due.status = 'pending')
             LIMIT ${limit})`,
    );
  }

  /**
   * Deletes at most `limit` of the partner's events created before `before` with no attempt left (the
   * retention job's, after `deleteFinishedDeliveries`): an event is kept while any attempt of it is,
   * so it never takes a kept attempt with it. An event locked by an attempt being written (a "send
   * again") is skipped. On `webhook_events_partner_idx`, in no order (the scan stops at `limit`); how
   * many.
   */
  deleteEventsWithoutDeliveries(partnerId: string, before: Date, limit: number): Promise<number> {
    return this.db.execute(
      sql`DELETE FROM webhook_events WHERE partner_id = ${partnerId} AND id IN (
            SELECT e.id FROM webhook_events e
             WHERE e.partner_id = ${partnerId} AND e.created_at < ${before}
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
             LIMIT ${limit}
             FOR UPDATE SKIP LOCKED)`,
    );
  }

  /** The partner's name and slug (for the e-mails). */
  partner(
    partnerId: string,
    manager: EntityManager,
  ): Promise<{ name: string; slug: string } | undefined> {
    return this.db.maybeOne(
      sql`SELECT p.name, p.slug FROM partners p WHERE p.id = ${partnerId}`,
      (row) => ({ name: read.text(row.name, 'name'), slug: read.text(row.slug, 'slug') }),
      manager,
    );
  }

  /** The partner's active admins: whom a disabled endpoint is told to. */
  admins(
    partnerId: string,
    manager: EntityManager,
  ): Promise<Array<{ email: string; name: string }>> {
    return this.db.rows(
      sql`SELECT u.email::text AS email, u.name FROM memberships m JOIN users u ON u.id = m.user_id
           WHERE m.partner_id = ${partnerId} AND m.role = 'admin' AND u.status = 'active'
           ORDER BY u.email`,
      (row) => ({ email: read.text(row.email, 'email'), name: read.text(row.name, 'name') }),
      manager,
    );
  }
}
