import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
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
import type { FastifyRequest } from 'fastify';
import { ProblemDetails } from '../common/problem-details.js';
import { CurrentPartner, type PartnerContext } from './decorators/current-partner.decorator.js';
import { PartnerAccess } from './decorators/partner-access.decorator.js';
import {
  ChangeRoleDto,
  CreateInvitationDto,
  CreatedInvitationDto,
  MemberDto,
  MemberListDto,
  PartnerDto,
} from './dto/partners.dto.js';
import { InvitationsService } from './invitations.service.js';
import { MembersService } from './members.service.js';

@ApiTags('partners')
@ApiCookieAuth('cookie')
@ApiBearerAuth('bearer')
@ApiUnauthorizedResponse({ type: ProblemDetails, description: 'Not signed in.' })
@ApiNotFoundResponse({
  type: ProblemDetails,
  description: 'No such partner, or not a member: the same answer.',
})
@ApiParam({
  name: 'partnerSlug',
  example: 'acme-outdoor',
  description: 'The partner’s slug (3–40 characters of a-z, 0-9 and -).',
})
@Controller('api/partners/:partnerSlug')
export class PartnersController {
  constructor(
    private readonly members: MembersService,
    private readonly invitations: InvitationsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The partner (members and staff).', operationId: 'getPartner' })
  @ApiOkResponse({ type: PartnerDto })
  partner(@CurrentPartner() context: PartnerContext): PartnerDto {
    const { slug, name, currency, timeZone, status } = context.partner;
    return {
      slug,
      name,
      currency,
      timeZone,
      status: status === 'suspended' ? 'suspended' : 'active',
      role: context.role,
    };
  }

  @Get('members')
  @ApiOperation({ summary: 'The people of the partner.', operationId: 'listMembers' })
  @ApiOkResponse({ type: MemberListDto })
  list(@CurrentPartner() context: PartnerContext): Promise<MemberListDto> {
    return this.members.list(context);
  }

  @Post('invitations')
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

  @Patch('members/:userId')
  @PartnerAccess({ role: 'admin' })
  @ApiOperation({ summary: 'Changes a member’s role (admin).', operationId: 'changeMemberRole' })
  @ApiOkResponse({ type: MemberDto })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin, or CSRF.' })
  @ApiConflictResponse({
    type: ProblemDetails,
    description: 'The last admin (`code: last_admin`).',
  })
  changeRole(
    @CurrentPartner() context: PartnerContext,
    @Param('userId') userId: string,
    @Body() body: ChangeRoleDto,
    @Req() request: FastifyRequest,
  ): Promise<MemberDto> {
    return this.members.changeRole(context, userId, body.role, request.ip);
  }

  @Delete('members/:userId')
  @PartnerAccess({ role: 'admin' })
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a member (admin).', operationId: 'removeMember' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not an admin, or CSRF.' })
  @ApiConflictResponse({
    type: ProblemDetails,
    description: 'The last admin (`code: last_admin`).',
  })
  async remove(
    @CurrentPartner() context: PartnerContext,
    @Param('userId') userId: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.members.remove(context, userId, request.ip);
  }
}
