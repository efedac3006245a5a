import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Ip,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerWithSession } from '../auth/session-answer.js';
import { Public } from '../auth/decorators/public.decorator.js';
import { SessionDto } from '../auth/dto/auth.dto.js';
import { ApiPage, type Page } from '../common/list/index.js';
import { IdempotentPost } from '../idempotency/decorators/idempotent-post.decorator.js';
import { UuidParam } from '../common/uuid.js';
import { ProblemDetails } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '../partners/decorators/current-partner.decorator.js';
import { PartnerAccess } from '../partners/decorators/partner-access.decorator.js';
import { PartnerController } from '../partners/decorators/partner-controller.decorator.js';
import {
  AcceptInvitationDto,
  CreateInvitationDto,
  CreatedInvitationDto,
  InvitationDto,
  InvitationListQueryDto,
  PendingInvitationDto,
} from './dto/invitations.dto.js';
import { invitationNotFound, InvitationsService } from './invitations.service.js';
import { KeysNever } from '#src/auth/decorators/scopes.decorator.js';

/** The invitee's side: public, the token is the credential. */
@ApiTags('auth')
@Controller('api/auth/invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly config: AppConfig,
  ) {}

  @Get(':token')
  @Public()
  @ApiOperation({ summary: 'Who is invited, to which partner.', operationId: 'getInvitation' })
  @ApiOkResponse({ type: InvitationDto })
  @ApiNotFoundResponse({ type: ProblemDetails, description: 'Unknown, used or expired.' })
  describe(@Param('token') token: string): Promise<InvitationDto> {
    return this.invitations.describe(token);
  }

  @Post(':token/accept')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accepts the invitation (creating the account) and signs in.',
    operationId: 'acceptInvitation',
  })
  @ApiOkResponse({ type: SessionDto })
  @ApiBadRequestResponse({ type: ProblemDetails, description: 'The password breaks the rule.' })
  @ApiUnauthorizedResponse({
    type: ProblemDetails,
    description: 'The account exists and the password is not its current one.',
  })
  @ApiNotFoundResponse({ type: ProblemDetails, description: 'Unknown, used or expired.' })
  async accept(
    @Param('token') token: string,
    @Body() body: AcceptInvitationDto,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionDto> {
    const started = await this.invitations.accept(token, body.name, body.password, ip);
    return answerWithSession(this.config, reply, started);
  }
}

/** The admin's side, inside a partner. */
@ApiTags('partners')
@PartnerController('invitations')
@KeysNever()
export class PartnerInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @PartnerAccess({ role: 'admin' })
  @ApiOperation({
    summary: 'The pending invitations of the partner, a page at a time (admin).',
    operationId: 'listInvitations',
  })
  @ApiPage(PendingInvitationDto)
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A limit out of range, an unknown sort, or a cursor not issued for this sort.',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin.' })
  list(
    @CurrentPartner() context: PartnerContext,
    @Query() query: InvitationListQueryDto,
  ): Promise<Page<PendingInvitationDto>> {
    return this.invitations.list(context, query);
  }

  @Delete(':invitationId')
  @ApiParam({
    name: 'invitationId',
    format: 'uuid',
    description: 'The invitation’s id; not a UUID is a 404 like a missing one.',
  })
  @PartnerAccess({ role: 'admin' })
  @HttpCode(204)
  @ApiOperation({
    summary: 'Revokes a pending invitation: its link stops working (admin).',
    operationId: 'revokeInvitation',
  })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin, or CSRF.' })
  @ApiNotFoundResponse({ type: ProblemDetails, description: 'No pending invitation with this id.' })
  async revoke(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('invitationId', invitationNotFound) invitationId: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.invitations.revoke(context, invitationId, request.ip);
  }

  @IdempotentPost()
  @PartnerAccess({ role: 'admin' })
  @HttpCode(201)
  @ApiOperation({
    summary: 'Invites a person by e-mail with a role (admin).',
    operationId: 'invite',
  })
  @ApiCreatedResponse({ type: CreatedInvitationDto })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin, or CSRF.' })
  @ApiConflictResponse({ type: ProblemDetails, description: 'Already a member.' })
  invite(
    @CurrentPartner() context: PartnerContext,
    @Body() body: CreateInvitationDto,
    @Req() request: FastifyRequest,
  ): Promise<CreatedInvitationDto> {
    return this.invitations.create(context, body.email, body.role, request.ip);
  }
}
