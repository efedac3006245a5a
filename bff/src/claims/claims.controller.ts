import {
  Body,
  Delete,
  Get,
  Headers,
  HttpCode,
  Ip,
  Patch,
  Put,
  Query,
  Res,
  type StreamableFile,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPreconditionFailedResponse,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiCsvExport, ApiPage, type Page } from '../common/list/index.js';
import { UuidParam } from '../common/uuid.js';
import { ProblemDetails } from '../common/problem-details.js';
import { IdempotentPost } from '../idempotency/decorators/idempotent-post.decorator.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '../partners/decorators/current-partner.decorator.js';
import { PartnerAccess } from '../partners/decorators/partner-access.decorator.js';
import { PartnerController } from '../partners/decorators/partner-controller.decorator.js';
import { ClaimFilingService } from './claim-filing.service.js';
import { ClaimTransitionsService } from './claim-transitions.service.js';
import { ClaimsService } from './claims.service.js';
import { claimNotFound } from './claim.problems.js';
import {
  AssignClaimDto,
  ClaimConflictProblemDto,
  ClaimDto,
  ClaimEventDto,
  ClaimEventListQueryDto,
  ClaimExportQueryDto,
  ClaimFacetsDto,
  ClaimFacetsQueryDto,
  ClaimListQueryDto,
  ClaimStaleProblemDto,
  ClaimTransitionDto,
  CreateClaimCommentDto,
  CreateClaimDto,
  UpdateClaimDto,
} from './dto/claims.dto.js';
import { KeysNever, Scopes } from '#src/auth/decorators/scopes.decorator.js';

const CLAIM_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description:
    'The claim’s id; one of another partner, or not a UUID, is a 404 like a missing one.',
});
const BAD_LIST_QUERY = ApiBadRequestResponse({
  type: ProblemDetails,
  description:
    'A limit out of range, an unknown sort or filter value, a date that is not YYYY-MM-DD, a search over 100 characters, or a cursor not issued for this list and sort (`code: validation`).',
});
const NO_SUCH_CLAIM = ApiNotFoundResponse({
  type: ProblemDetails,
  description: 'No such partner or claim, or not a member: `code: not_found`.',
});
const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: true,
  description: 'The version the change is based on: the claim’s `ETag`, `"<version>"`.',
});
const ETAG_HEADER = {
  ETag: { description: 'The claim’s version, `"<version>"`.', schema: { type: 'string' } },
};
const PRECONDITION_REQUIRED = ApiResponse({
  status: 428,
  type: ProblemDetails,
  description: 'No `If-Match` (or `*`): `code: precondition_required`.',
});
const STALE = ApiPreconditionFailedResponse({
  type: ClaimStaleProblemDto,
  description:
    'The claim changed since that version (`code: stale`): the body’s `claim` member holds the current claim, the `ETag` header its version.',
});

/** Sends the claim's version as its strong entity tag (docs/api.md, optimistic concurrency). */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** The claims of one partner (docs/api.md, Endpoints; docs/product.md §3 and §4). */
@ApiTags('claims')
@PartnerController()
export class ClaimsController {
  constructor(
    private readonly claims: ClaimsService,
    private readonly filing: ClaimFilingService,
    private readonly transitions: ClaimTransitionsService,
  ) {}

  @Get('claims')
  @Scopes('claims:read')
  @ApiOperation({
    summary: 'The partner’s claims, searched, filtered and sorted, a page at a time.',
    operationId: 'listClaims',
  })
  @ApiPage(ClaimDto)
  @BAD_LIST_QUERY
  list(
    @CurrentPartner() context: PartnerContext,
    @Query() query: ClaimListQueryDto,
  ): Promise<Page<ClaimDto>> {
    return this.claims.list(context, query);
  }

  @Get('claims.csv')
  @Scopes('claims:read')
  @ApiOperation({
    summary:
      'The filtered list as CSV, streamed (the same filters and order; up to 1,000,000 rows).',
    operationId: 'exportClaims',
  })
  @ApiCsvExport(
    'text/csv; charset=utf-8, as an attachment (`{slug}-claims-{YYYY-MM-DD}.csv`, the partner’s day): a header row, then one row per claim.',
  )
  @BAD_LIST_QUERY
  export(
    @CurrentPartner() context: PartnerContext,
    @Query() query: ClaimExportQueryDto,
  ): StreamableFile {
    return this.claims.exportCsv(context, query);
  }

  @Get('claims/facets')
  @Scopes('claims:read')
  @ApiOperation({
    summary:
      'How many claims the partner has in each status and of each type (the status tabs), under the list’s other filters.',
    operationId: 'getClaimFacets',
  })
  @ApiOkResponse({ type: ClaimFacetsDto })
  @BAD_LIST_QUERY
  facets(
    @CurrentPartner() context: PartnerContext,
    @Query() query: ClaimFacetsQueryDto,
  ): Promise<ClaimFacetsDto> {
    return this.claims.facets(context, query);
  }

  @IdempotentPost('claims')
  @Scopes('claims:write')
  @PartnerAccess({ role: 'manager' })
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Files a draft claim (manager, admin). With `Idempotency-Key`, a retry answers the first claim.',
    operationId: 'createClaim',
  })
  @ApiCreatedResponse({
    type: ClaimDto,
    description: 'The draft (version 1).',
    headers: {
      ...ETAG_HEADER,
      Location: { description: 'The claim’s URL.', schema: { type: 'string' } },
      'Idempotent-Replayed': {
        description: '`true` when this answers an earlier request with the same key.',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'A field out of range or not fitting the item and movement, an incident date outside the filing window, or a malformed `Idempotency-Key` (`code: validation`, with the fields).',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not a manager or admin, or CSRF.' })
  @ApiConflictResponse({
    type: ProblemDetails,
    description: 'The movement already has a claim (`code: movement_already_claimed`).',
  })
  @ApiUnprocessableEntityResponse({
    type: ProblemDetails,
    description:
      'The `Idempotency-Key` was used with another body (`code: idempotency_key_reused`).',
  })
  async create(
    @CurrentPartner() context: PartnerContext,
    @Body() body: CreateClaimDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimDto> {
    const claim = await this.filing.create(context, body);
    void reply
      .header('etag', etagOf(claim.version))
      .header('location', `/api/partners/${context.partner.slug}/claims/${claim.id}`);
    return claim;
  }

  @Get('claims/:id')
  @Scopes('claims:read')
  @CLAIM_ID
  @ApiOperation({
    summary: 'One claim, with what the caller may do with it now.',
    operationId: 'getClaim',
  })
  @ApiOkResponse({ type: ClaimDto, headers: ETAG_HEADER })
  @NO_SUCH_CLAIM
  async claim(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimDto> {
    const claim = await this.claims.claim(context, id);
    void reply.header('etag', etagOf(claim.version));
    return claim;
  }

  @Patch('claims/:id')
  @Scopes('claims:write')
  @CLAIM_ID
  @IF_MATCH
  @ApiOperation({
    summary: 'Edits a draft (manager, admin): the creation’s fields, each optional.',
    operationId: 'updateClaim',
  })
  @ApiOkResponse({ type: ClaimDto, headers: ETAG_HEADER })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A field out of range or not fitting the item and movement (`code: validation`).',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not a manager or admin, or CSRF.' })
  @NO_SUCH_CLAIM
  @ApiConflictResponse({
    type: ClaimConflictProblemDto,
    description:
      'Not a draft (`code: transition_not_allowed`, with `allowedActions`), or the movement already has a claim (`code: movement_already_claimed`).',
  })
  @PRECONDITION_REQUIRED
  @STALE
  async update(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Body() body: UpdateClaimDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimDto> {
    const claim = await this.filing.update(context, id, body, ifMatch);
    void reply.header('etag', etagOf(claim.version));
    return claim;
  }

  @Delete('claims/:id')
  @Scopes('claims:write')
  @HttpCode(204)
  @CLAIM_ID
  @IF_MATCH
  @ApiOperation({
    summary: 'Deletes a draft and its evidence (manager, admin).',
    operationId: 'deleteClaim',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not a manager or admin, or CSRF.' })
  @NO_SUCH_CLAIM
  @ApiConflictResponse({
    type: ClaimConflictProblemDto,
    description: 'Not a draft (`code: transition_not_allowed`, with `allowedActions`).',
  })
  @PRECONDITION_REQUIRED
  @STALE
  async remove(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<void> {
    await this.filing.remove(context, id, ifMatch);
  }

  @IdempotentPost('claims/:id/transitions')
  @Scopes('claims:write')
  @HttpCode(200)
  @CLAIM_ID
  @IF_MATCH
  @ApiOperation({
    summary:
      'Takes a lifecycle action (who may: docs/product.md §4): submit, withdraw, start_review, request_info, respond, approve, reject, mark_paid.',
    operationId: 'transitionClaim',
  })
  @ApiOkResponse({ type: ClaimDto, headers: ETAG_HEADER, description: 'The claim after it.' })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'A body of the wrong shape, or a field the action requires missing or out of range: message, amountApproved (1..amountClaimed), payoutReference (`code: validation`).',
  })
  @ApiForbiddenResponse({
    type: ProblemDetails,
    description: 'The caller’s roles can never take this action, or CSRF.',
  })
  @NO_SUCH_CLAIM
  @ApiConflictResponse({
    type: ClaimConflictProblemDto,
    description:
      'The action is not allowed from the current status (`code: transition_not_allowed`, with `allowedActions`).',
  })
  @PRECONDITION_REQUIRED
  @STALE
  @ApiUnprocessableEntityResponse({
    type: ProblemDetails,
    description:
      'Submit of an incomplete claim (`code: claim_incomplete`; `errors` = the claim’s `missing`).',
  })
  async transition(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Body() body: ClaimTransitionDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimDto> {
    const claim = await this.transitions.transition(context, id, body, ifMatch, ip);
    void reply.header('etag', etagOf(claim.version));
    return claim;
  }

  @Get('claims/:id/events')
  @Scopes('claims:read')
  @CLAIM_ID
  @ApiOperation({
    summary: 'The claim’s timeline, oldest first, a page at a time.',
    operationId: 'listClaimEvents',
  })
  @ApiPage(ClaimEventDto)
  @BAD_LIST_QUERY
  @NO_SUCH_CLAIM
  events(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Query() query: ClaimEventListQueryDto,
  ): Promise<Page<ClaimEventDto>> {
    return this.claims.events(context, id, query);
  }

  @IdempotentPost('claims/:id/events')
  @Scopes('claims:write')
  @PartnerAccess({ role: 'manager', staff: true })
  @HttpCode(201)
  @CLAIM_ID
  @ApiOperation({
    summary:
      'Adds a comment to the timeline (manager, admin, staff), or with `internal: true` a staff-only internal note (staff); the version does not change.',
    operationId: 'commentOnClaim',
  })
  @ApiCreatedResponse({ type: ClaimEventDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'No text, or one of over 5,000 characters, or both `body` and `message` (`code: validation`).',
  })
  @ApiForbiddenResponse({
    type: ProblemDetails,
    description: 'A viewer, `internal: true` from anyone but staff, or CSRF.',
  })
  @NO_SUCH_CLAIM
  comment(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Body() body: CreateClaimCommentDto,
  ): Promise<ClaimEventDto> {
    return this.claims.comment(context, id, body.body ?? body.message ?? '', body.internal);
  }

  @Put('claims/:id/assignee')
  @KeysNever()
  @PartnerAccess({ role: null, staff: true })
  @HttpCode(200)
  @CLAIM_ID
  @ApiOperation({
    summary:
      'Assigns the claim to a staff member, or unassigns it (staff): a staff-only `assignment` event; the version does not change.',
    operationId: 'assignClaim',
  })
  @ApiOkResponse({ type: ClaimDto, headers: ETAG_HEADER, description: 'The claim after it.' })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: '`userId` neither null nor an active staff user’s id (`code: validation`).',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not staff, or CSRF.' })
  @NO_SUCH_CLAIM
  @ApiConflictResponse({
    type: ProblemDetails,
    description: 'The claim is paid, rejected or withdrawn (`code: claim_closed`).',
  })
  async assign(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Body() body: AssignClaimDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimDto> {
    const claim = await this.claims.assign(context, id, body.userId);
    void reply.header('etag', etagOf(claim.version));
    return claim;
  }
}
