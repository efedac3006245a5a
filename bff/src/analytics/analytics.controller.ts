import { Get, Header, Query, type StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCsvExport } from '../common/list/index.js';
import { ProblemDetails } from '../common/problem-details.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '../partners/decorators/current-partner.decorator.js';
import { PartnerController } from '../partners/decorators/partner-controller.decorator.js';
import { AnalyticsService } from './analytics.service.js';
import {
  AnalyticsCsvQueryDto,
  AnalyticsDaysQueryDto,
  AnalyticsDto,
  AnalyticsQueryDto,
  AnalyticsTopItemsDto,
} from './dto/analytics.dto.js';
import { Scopes } from '#src/auth/decorators/scopes.decorator.js';

const BAD_RANGE = ApiBadRequestResponse({
  type: ProblemDetails,
  description:
    'A date that is not a real YYYY-MM-DD, `from` after `to`, `from` before the same calendar date two years before `to`, another granularity, or another parameter (`code: validation`).',
});

/**
 * A partner's analytics (docs/api.md, Analytics; docs/product.md §3), read from the rollups, and its
 * top items, their own request (docs/decisions.md, "The top items are their own request").
 */
@ApiTags('analytics')
@PartnerController()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('analytics')
  @Scopes('inventory:read')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({
    summary:
      'The partner’s claims and stock over a range of its days, by day, ISO week or month: every series.',
    operationId: 'getAnalytics',
  })
  @ApiOkResponse({ type: AnalyticsDto })
  @BAD_RANGE
  get(
    @CurrentPartner() context: PartnerContext,
    @Query() query: AnalyticsQueryDto,
  ): Promise<string> {
    // The answer's JSON as built, or as kept for the partner's unchanged rollups (AnalyticsAnswers).
    return this.analytics.analyticsJson(context, query);
  }

  @Get('analytics/top-items')
  @Scopes('inventory:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'The 10 items with the most amount claimed by the claims submitted on a range of the partner’s days.',
    operationId: 'getAnalyticsTopItems',
  })
  @ApiOkResponse({ type: AnalyticsTopItemsDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'A date that is not a real YYYY-MM-DD, `from` after `to`, `from` before the same calendar date two years before `to`, or another parameter (`granularity` included) (`code: validation`).',
  })
  topItems(
    @CurrentPartner() context: PartnerContext,
    @Query() query: AnalyticsDaysQueryDto,
  ): Promise<AnalyticsTopItemsDto> {
    return this.analytics.topItems(context, query);
  }

  @Get('analytics.csv')
  @Scopes('inventory:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'One series of the analytics (or the top items) as CSV.',
    operationId: 'exportAnalytics',
  })
  @ApiCsvExport(
    'text/csv; charset=utf-8, as an attachment (`analytics-{series}-{from}-{to}.csv`): `bucket,value`, or `bucket,amount,currency` for money (major units), or `sku,name,claims,amount,currency` for `top_items` (the top items of `GET …/analytics/top-items` over the same days).',
  )
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'As the analytics, or no `series`, or one that is not a series’ key nor `top_items` (`code: validation`).',
  })
  export(
    @CurrentPartner() context: PartnerContext,
    @Query() query: AnalyticsCsvQueryDto,
  ): Promise<StreamableFile> {
    return this.analytics.exportCsv(context, query);
  }
}
