import { Body, Delete, Get, HttpCode, Patch, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiPage, type Page } from '../common/list/index.js';
import { UuidParam } from '../common/uuid.js';
import { ProblemDetails } from '../common/problem-details.js';
import { CurrentPartner, type PartnerContext } from './decorators/current-partner.decorator.js';
import { PartnerAccess } from './decorators/partner-access.decorator.js';
import { PartnerController } from './decorators/partner-controller.decorator.js';
import { ChangeRoleDto, MemberDto, MemberListQueryDto, PartnerDto } from './dto/partners.dto.js';
import { memberNotFound, MembersService } from './members.service.js';
import { KeysNever } from '#src/auth/decorators/scopes.decorator.js';

const MEMBER_ID = ApiParam({
  name: 'userId',
  format: 'uuid',
  description:
    'The member’s user id; one not of this partner, or not a UUID, is a 404 like a missing one.',
});

@ApiTags('partners')
@PartnerController()
@KeysNever()
export class PartnersController {
  constructor(private readonly members: MembersService) {}

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
  @ApiOperation({
    summary: 'The people of the partner, a page at a time.',
    operationId: 'listMembers',
  })
  @ApiPage(MemberDto)
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A limit out of range, an unknown sort, or a cursor not issued for this sort.',
  })
  list(
    @CurrentPartner() context: PartnerContext,
    @Query() query: MemberListQueryDto,
  ): Promise<Page<MemberDto>> {
    return this.members.list(context, query);
  }

  @Patch('members/:userId')
  @MEMBER_ID
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
    @UuidParam('userId', memberNotFound) userId: string,
    @Body() body: ChangeRoleDto,
    @Req() request: FastifyRequest,
  ): Promise<MemberDto> {
    return this.members.changeRole(context, userId, body.role, request.ip);
  }

  @Delete('members/:userId')
  @MEMBER_ID
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
    @UuidParam('userId', memberNotFound) userId: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.members.remove(context, userId, request.ip);
  }
}
