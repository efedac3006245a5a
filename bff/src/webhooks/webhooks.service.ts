import { Injectable } from '@nestjs/common';
import { AuditService } from '#src/audit/audit.service.js';
import { Clock } from '#src/common/clock.js';
import { ListCursorCodec, mapPage, type Page } from '#src/common/list/index.js';
import { sqlStateOf } from '#src/common/outage.js';
import { ProblemException } from '#src/common/problem-details.js';
import { AppConfig } from '#src/config/app-config.js';
import {
  type PartnerContext,
  personOf,
} from '#src/partners/decorators/current-partner.decorator.js';
import type {
  CreateWebhookDto,
  CreatedWebhookDto,
  UpdateWebhookDto,
  WebhookDeliveryDto,
  WebhookDeliveryListQueryDto,
  WebhookEndpointDto,
} from './dto/webhooks.dto.js';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhook-endpoint.entity.js';
import { WebhookEvents } from './webhook-events.js';
import { newWebhookSecret } from './webhook-sender.js';
import type { DeliveryRecord, EndpointRecord } from './webhooks.repository.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** The old secret of a rotation signs too for this long (docs/product.md §3b). */
const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;
/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

export function webhookNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such webhook endpoint.');
}

export function deliveryNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such delivery of this webhook endpoint.');
}

function toEndpointDto(endpoint: EndpointRecord): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEventType[],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    failingSince: endpoint.failingSince,
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
    createdBy:
      endpoint.createdByUserId === null
        ? null
        : { id: endpoint.createdByUserId, name: endpoint.createdByName ?? '' },
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

function toDeliveryDto(delivery: DeliveryRecord): WebhookDeliveryDto {
  return { ...delivery };
}

/**
 * Why a webhook URL is refused at creation or change (docs/api.md, Webhooks): not an absolute
 * http(s) URL, credentials in it, or `http` where the rule wants `https`. Its addresses are checked at
 * each delivery, after DNS resolution (they may change).
 */
export function webhookUrlProblem(raw: string, rule: 'public' | 'loopback'): string | undefined {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return 'url must be an absolute https URL';
  }
  if (url.username !== '' || url.password !== '') return 'url must not carry credentials';
  if (url.protocol === 'http:') {
    if (rule === 'public') return 'url must be https';
    if (!['localhost', '127.0.0.1'].includes(url.hostname)) {
      return 'url must be https (http only for localhost and 127.0.0.1 in development)';
    }
  }
  return undefined;
}

/** A partner's webhook endpoints (admin): the rules; the statements are WebhooksRepository's. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly config: AppConfig,
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEvents,
    private readonly cursors: ListCursorCodec,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(context: PartnerContext): Promise<WebhookEndpointDto[]> {
    return (await this.webhooks.endpoints(context.partner.id)).map(toEndpointDto);
  }

  async create(
    context: PartnerContext,
    body: CreateWebhookDto,
    ip: string,
  ): Promise<CreatedWebhookDto> {
    this.checkUrl(body.url);
    const partnerId = context.partner.id;
    const secret = newWebhookSecret();
    const endpoint = await this.webhooks.transaction(async (manager) => {
      const id = await this.webhooks.insertEndpoint(
        partnerId,
        {
          url: body.url,
          events: body.events,
          description: body.description ?? null,
          secret,
          createdByUserId: personOf(context),
          at: this.clock.now(),
        },
        manager,
      );
      await this.audit.recordForPartner(
        partnerId,
        {
          action: 'partner.webhook.created',
          actorUserId: personOf(context),
          target: `webhook:${id}`,
          ip,
        },
        manager,
      );
      return this.webhooks.endpoint(partnerId, id, manager);
    });
    if (endpoint === undefined) throw webhookNotFound();
    return { ...toEndpointDto(endpoint), secret };
  }

  async update(
    context: PartnerContext,
    id: string,
    body: UpdateWebhookDto,
    ip: string,
  ): Promise<WebhookEndpointDto> {
    if (body.url !== undefined) this.checkUrl(body.url);
    const partnerId = context.partner.id;
    const changed = await this.webhooks.updateEndpoint(partnerId, id, body, this.clock.now());
    if (!changed) throw webhookNotFound();
    await this.audit.recordForPartner(partnerId, {
      action: 'partner.webhook.changed',
      actorUserId: personOf(context),
      target: `webhook:${id}`,
      ip,
      metadata: { fields: Object.keys(body).sort().join(',') },
    });
    return this.endpoint(context, id);
  }

  async remove(context: PartnerContext, id: string, ip: string): Promise<void> {
    const partnerId = context.partner.id;
    if (!(await this.webhooks.deleteEndpoint(partnerId, id))) throw webhookNotFound();
    await this.audit.recordForPartner(partnerId, {
      action: 'partner.webhook.removed',
      actorUserId: personOf(context),
      target: `webhook:${id}`,
      ip,
    });
  }

  /** A new secret; the current one keeps signing (a second signature) for 24 hours. */
  async rotateSecret(context: PartnerContext, id: string, ip: string): Promise<{ secret: string }> {
    const partnerId = context.partner.id;
    const secret = newWebhookSecret();
    const now = this.clock.now();
    const until = new Date(now.getTime() + PREVIOUS_SECRET_MS);
    if (!(await this.webhooks.rotateSecret(partnerId, id, secret, until, now))) {
      throw webhookNotFound();
    }
    await this.audit.recordForPartner(partnerId, {
      action: 'partner.webhook.secret_rotated',
      actorUserId: personOf(context),
      target: `webhook:${id}`,
      ip,
    });
    return { secret };
  }

  async deliveries(
    context: PartnerContext,
    id: string,
    query: WebhookDeliveryListQueryDto,
  ): Promise<Page<WebhookDeliveryDto>> {
    const partnerId = context.partner.id;
    const [endpoint, page] = await Promise.all([
      this.webhooks.endpoint(partnerId, id),
      this.webhooks.deliveryPage(partnerId, id, query, this.cursors),
    ]);
    if (endpoint === undefined) throw webhookNotFound();
    return mapPage(page, toDeliveryDto);
  }

  /** "Send again": a new attempt of the delivery's event at this endpoint, with retries of its own. */
  async redeliver(
    context: PartnerContext,
    id: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    const partnerId = context.partner.id;
    const eventId = await this.webhooks.deliveredEvent(partnerId, id, deliveryId);
    if (eventId === undefined) throw deliveryNotFound();
    const attempt = await this.webhooks
      .transaction((manager) => this.events.redeliver(manager, partnerId, id, eventId))
      .catch((error: unknown) => {
        // The retention (webhook-retention.ts) deleted the event between the read and the insert.
        if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw deliveryNotFound();
        throw error;
      });
    return this.delivery(partnerId, attempt);
  }

  /** A `webhook.test` event to this endpoint alone (docs/api.md, Webhooks). */
  async test(context: PartnerContext, id: string): Promise<WebhookDeliveryDto> {
    const partnerId = context.partner.id;
    const endpoint = await this.webhooks.endpoint(partnerId, id);
    if (endpoint === undefined) throw webhookNotFound();
    const { deliveryIds } = await this.webhooks.transaction((manager) =>
      this.events.publish(
        manager,
        partnerId,
        WEBHOOK_TEST_EVENT,
        { endpointId: id, message: 'A test event from the partner portal.' },
        [id],
      ),
    );
    const [deliveryId] = deliveryIds;
    if (deliveryId === undefined) throw webhookNotFound();
    return this.delivery(partnerId, deliveryId);
  }

  private async endpoint(context: PartnerContext, id: string): Promise<WebhookEndpointDto> {
    const endpoint = await this.webhooks.endpoint(context.partner.id, id);
    if (endpoint === undefined) throw webhookNotFound();
    return toEndpointDto(endpoint);
  }

  private async delivery(partnerId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const delivery = await this.webhooks.delivery(partnerId, deliveryId);
    if (delivery === undefined) throw deliveryNotFound();
    return toDeliveryDto(delivery);
  }

  private checkUrl(url: string): void {
    const problem = webhookUrlProblem(url, this.config.webhookUrls);
    if (problem !== undefined) {
      throw new ProblemException(400, 'validation', 'The request is invalid.', [
        { field: 'url', message: problem },
      ]);
    }
  }
}
