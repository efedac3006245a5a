import { Body, Delete, Get, HttpCode, Patch, Query, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { KeysNever } from '#src/auth/decorators/scopes.decorator.js';
import { IdempotentPost } from '#src/idempotency/decorators/idempotent-post.decorator.js';
import { ApiPage, type Page } from '#src/common/list/index.js';
import { ProblemDetails } from '#src/common/problem-details.js';
import { UuidParam } from '#src/common/uuid.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '#src/partners/decorators/current-partner.decorator.js';
import { PartnerAccess } from '#src/partners/decorators/partner-access.decorator.js';
import { PartnerController } from '#src/partners/decorators/partner-controller.decorator.js';
import {
  CreatedWebhookDto,
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookDeliveryDto,
  WebhookDeliveryListQueryDto,
  WebhookEndpointDto,
  WebhookSecretDto,
} from './dto/webhooks.dto.js';
import { deliveryNotFound, webhookNotFound, WebhooksService } from './webhooks.service.js';

const WEBHOOK_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description:
    'The endpoint’s id; one of another partner, or not a UUID, is a 404 like a missing one.',
});
const DELIVERY_ID = ApiParam({
  name: 'deliveryId',
  format: 'uuid',
  description: 'An attempt of the endpoint’s delivery log.',
});
const NOT_ADMIN = ApiForbiddenResponse({
  type: ProblemDetails,
  description: 'Not an admin, or CSRF.',
});

/**
 * The partner's webhook endpoints and their delivery logs (docs/api.md, Webhooks): admins only.
 */
@ApiTags('webhooks')
@PartnerController('webhooks')
@PartnerAccess({ role: 'admin' })
// A key never reaches identity, member, key or webhook routes (docs/api.md, API keys).
@KeysNever()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({
    summary: 'The partner’s webhook endpoints (admin).',
    operationId: 'listWebhooks',
  })
  @ApiOkResponse({ type: WebhookEndpointDto, isArray: true })
  @NOT_ADMIN
  list(@CurrentPartner() context: PartnerContext): Promise<WebhookEndpointDto[]> {
    return this.webhooks.list(context);
  }

  @IdempotentPost()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Registers an endpoint (admin); its signing secret is answered this once.',
    operationId: 'createWebhook',
  })
  @ApiCreatedResponse({ type: CreatedWebhookDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A URL the rule refuses, an unknown event, no event: `code: validation`.',
  })
  @NOT_ADMIN
  create(
    @CurrentPartner() context: PartnerContext,
    @Body() body: CreateWebhookDto,
    @Req() request: FastifyRequest,
  ): Promise<CreatedWebhookDto> {
    return this.webhooks.create(context, body, request.ip);
  }

  @Patch(':id')
  @WEBHOOK_ID
  @ApiOperation({ summary: 'Changes an endpoint (admin).', operationId: 'updateWebhook' })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiBadRequestResponse({ type: ProblemDetails, description: '`code: validation`.' })
  @NOT_ADMIN
  update(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', webhookNotFound) id: string,
    @Body() body: UpdateWebhookDto,
    @Req() request: FastifyRequest,
  ): Promise<WebhookEndpointDto> {
    return this.webhooks.update(context, id, body, request.ip);
  }

  @Delete(':id')
  @WEBHOOK_ID
  @HttpCode(204)
  @ApiOperation({
    summary: 'Removes an endpoint and its delivery log (admin).',
    operationId: 'deleteWebhook',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @NOT_ADMIN
  async remove(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', webhookNotFound) id: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.webhooks.remove(context, id, request.ip);
  }

  @IdempotentPost(':id/rotate-secret')
  @WEBHOOK_ID
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new signing secret (admin); the old one also signs for 24 hours.',
    operationId: 'rotateWebhookSecret',
  })
  @ApiOkResponse({ type: WebhookSecretDto })
  @NOT_ADMIN
  rotate(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', webhookNotFound) id: string,
    @Req() request: FastifyRequest,
  ): Promise<WebhookSecretDto> {
    return this.webhooks.rotateSecret(context, id, request.ip);
  }

  @Get(':id/deliveries')
  @WEBHOOK_ID
  @ApiOperation({
    summary: 'The endpoint’s delivery log, one row per attempt, newest first (admin).',
    operationId: 'listWebhookDeliveries',
  })
  @ApiPage(WebhookDeliveryDto)
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A limit out of range, an unknown sort, or a cursor not issued for this list.',
  })
  @NOT_ADMIN
  deliveries(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', webhookNotFound) id: string,
    @Query() query: WebhookDeliveryListQueryDto,
  ): Promise<Page<WebhookDeliveryDto>> {
    return this.webhooks.deliveries(context, id, query);
  }

  @IdempotentPost(':id/deliveries/:deliveryId/redeliver')
  @WEBHOOK_ID
  @DELIVERY_ID
  @HttpCode(202)
  @ApiOperation({
    summary: 'Sends the delivery’s event again: a new attempt, now (admin).',
    operationId: 'redeliverWebhook',
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryDto, description: 'The new, pending attempt.' })
  @NOT_ADMIN
  redeliver(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', webhookNotFound) id: string,
    @UuidParam('deliveryId', deliveryNotFound) deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    return this.webhooks.redeliver(context, id, deliveryId);
  }

  @IdempotentPost(':id/test')
  @WEBHOOK_ID
  @HttpCode(202)
  @ApiOperation({
    summary: 'Sends a `webhook.test` event to this endpoint alone (admin).',
    operationId: 'testWebhook',
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryDto, description: 'Its pending first attempt.' })
  @NOT_ADMIN
  test(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', webhookNotFound) id: string,
  ): Promise<WebhookDeliveryDto> {
    return this.webhooks.test(context, id);
  }
}
