import { Body, Delete, Get, HttpCode, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser } from '#src/auth/decorators/current-user.decorator.js';
import { KeysNever } from '#src/auth/decorators/scopes.decorator.js';
import { ApiPage, type Page } from '#src/common/list/index.js';
import { ProblemDetails } from '#src/common/problem-details.js';
import { UuidParam } from '#src/common/uuid.js';
import {
  CurrentPartner,
  type PartnerContext,
  personOf,
} from '#src/partners/decorators/current-partner.decorator.js';
import { PartnerAccess } from '#src/partners/decorators/partner-access.decorator.js';
import { PartnerController } from '#src/partners/decorators/partner-controller.decorator.js';
import { StaffController } from '#src/staff/staff-only.guard.js';
import { IdempotentPost } from '#src/idempotency/decorators/idempotent-post.decorator.js';
import { apiKeyNotFound, ApiKeysService } from './api-keys.service.js';
import {
  ApiKeyDto,
  ApiKeyListQueryDto,
  CreateApiKeyDto,
  CreatedApiKeyDto,
} from './dto/api-keys.dto.js';

const KEY_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description: 'The key’s id; one of another owner, or not a UUID, is a 404 like a missing one.',
});
const INVALID = ApiBadRequestResponse({
  type: ProblemDetails,
  description:
    'An unknown scope, a scope the kind of key may not have, or `expiresAt` in the past or more than a year ahead (`code: validation`).',
});

/** A partner's keys (docs/api.md, API keys): its admins alone; never reached by a key. */
@ApiTags('api-keys')
@PartnerController('api-keys')
@PartnerAccess({ role: 'admin' })
@KeysNever()
export class PartnerApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({
    summary: 'The partner’s API keys, a page at a time (admin).',
    operationId: 'listApiKeys',
  })
  @ApiPage(ApiKeyDto)
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin.' })
  list(
    @CurrentPartner() context: PartnerContext,
    @Query() query: ApiKeyListQueryDto,
  ): Promise<Page<ApiKeyDto>> {
    return this.keys.list(context.partner.id, query);
  }

  @IdempotentPost()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Creates a partner key; its token is in this answer only (admin).',
    operationId: 'createApiKey',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @INVALID
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin, or CSRF.' })
  create(
    @CurrentPartner() context: PartnerContext,
    @Body() body: CreateApiKeyDto,
    @Req() request: FastifyRequest,
  ): Promise<CreatedApiKeyDto> {
    return this.keys.create(
      { kind: 'partner', partnerId: context.partner.id, userId: personOf(context), ip: request.ip },
      body,
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @KEY_ID
  @ApiOperation({ summary: 'Revokes a partner key, at once (admin).', operationId: 'revokeApiKey' })
  @ApiNoContentResponse({ description: 'Revoked: the key is refused from now on.' })
  @ApiNotFoundResponse({
    type: ProblemDetails,
    description: 'No key of this partner with this id.',
  })
  async revoke(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', apiKeyNotFound) id: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.keys.revoke(
      { kind: 'partner', partnerId: context.partner.id, userId: personOf(context), ip: request.ip },
      id,
    );
  }
}

/** The network's keys, for internal services (docs/api.md, API keys): staff alone. */
@StaffController('api-keys')
@ApiTags('api-keys')
export class NetworkApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({
    summary: 'The network’s API keys, a page at a time (staff).',
    operationId: 'listNetworkApiKeys',
  })
  @ApiPage(ApiKeyDto)
  list(@Query() query: ApiKeyListQueryDto): Promise<Page<ApiKeyDto>> {
    return this.keys.list(null, query);
  }

  @IdempotentPost()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Creates a network key; its token is in this answer only (staff).',
    operationId: 'createNetworkApiKey',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @INVALID
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateApiKeyDto,
    @Req() request: FastifyRequest,
  ): Promise<CreatedApiKeyDto> {
    return this.keys.create(
      { kind: 'network', partnerId: null, userId: user.id, ip: request.ip },
      body,
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @KEY_ID
  @ApiOperation({
    summary: 'Revokes a network key, at once (staff).',
    operationId: 'revokeNetworkApiKey',
  })
  @ApiNoContentResponse({ description: 'Revoked: the key is refused from now on.' })
  @ApiNotFoundResponse({ type: ProblemDetails, description: 'No network key with this id.' })
  async revoke(
    @CurrentUser() user: AuthUser,
    @UuidParam('id', apiKeyNotFound) id: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.keys.revoke(
      { kind: 'network', partnerId: null, userId: user.id, ip: request.ip },
      id,
    );
  }
}
