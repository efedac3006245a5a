import { Global, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { ListModule } from '../common/list/index.js';
import { WebhookEvents } from './webhook-events.js';
import { WebhookRetention } from './webhook-retention.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks (docs/api.md, Webhooks): the endpoints' routes, `WebhookEvents`, global so that the
 * features whose changes are events (claims, inventory) emit them in their own transactions, and the
 * retention of events and attempts (`WebhookRetention`).
 */
@Global()
@Module({
  imports: [AuditModule, ListModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookEvents, WebhookRetention],
  exports: [WebhookEvents],
})
export class WebhooksModule {}
