import { Get, Header, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type Page, PageDto } from '../common/list/index.js';
import { ProblemDetails } from '../common/problem-details.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '../partners/decorators/current-partner.decorator.js';
import { PartnerController } from '../partners/decorators/partner-controller.decorator.js';
import { AttentionItemDto, NeedsAttentionQueryDto, OverviewDto } from './dto/overview.dto.js';
import { OverviewService } from './overview.service.js';
import { Scopes } from '#src/auth/decorators/scopes.decorator.js';

const NO_SUCH_PARTNER = ApiNotFoundResponse({
  type: ProblemDetails,
  description: 'No such partner, or not a member: `code: not_found`.',
});

/** The overview of one partner (docs/api.md, Overview; docs/product.md §3). */
@ApiTags('overview')
@PartnerController()
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get('overview')
  @Scopes('inventory:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'KPIs against the previous period, the first page of what needs attention, and the latest activity.',
    operationId: 'getOverview',
  })
  @ApiOkResponse({ type: OverviewDto })
  @NO_SUCH_PARTNER
  get(@CurrentPartner() context: PartnerContext): Promise<OverviewDto> {
    return this.overview.overviewOf(context);
  }

  @Get('overview/needs-attention')
  @Scopes('inventory:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'What needs attention, a page at a time: claims with information requested, then drafts and unclaimed losses and damages by filing deadline.',
    operationId: 'listNeedsAttention',
  })
  @ApiOkResponse({ type: PageDto(AttentionItemDto) })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'A limit out of range, another parameter, or a cursor not issued for this list (`code: validation`).',
  })
  @NO_SUCH_PARTNER
  needsAttention(
    @CurrentPartner() context: PartnerContext,
    @Query() query: NeedsAttentionQueryDto,
  ): Promise<Page<AttentionItemDto>> {
    return this.overview.needsAttention(context, query);
  }
}
