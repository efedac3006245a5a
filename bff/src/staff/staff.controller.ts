import { Get, Query, type StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '#src/auth/decorators/current-user.decorator.js';
import { ApiCsvExport, ApiPage, type Page } from '#src/common/list/index.js';
import { ProblemDetails } from '#src/common/problem-details.js';
import {
  StaffClaimExportQueryDto,
  StaffClaimListQueryDto,
  StaffPartnerDto,
  StaffPartnerListQueryDto,
  StaffQueueClaimDto,
  StaffSummaryDto,
  StaffUserListDto,
} from './dto/staff.dto.js';
import { StaffController } from './staff-only.guard.js';
import { StaffService } from './staff.service.js';

const BAD_LIST_QUERY = ApiBadRequestResponse({
  type: ProblemDetails,
  description:
    'A limit out of range, an unknown sort or filter value (a status outside submitted and in_review), a search over 100 characters, or a cursor not issued for this list and sort (`code: validation`).',
});

/** The staff workspace's lists across partners (docs/product.md §3a; docs/api.md). */
@StaffController()
export class StaffWorkspaceController {
  constructor(private readonly staff: StaffService) {}

  @Get('claims')
  @ApiOperation({
    summary:
      'The review queue: every claim of every partner waiting for the network, oldest waiting first, a page at a time.',
    operationId: 'listStaffQueue',
  })
  @ApiPage(StaffQueueClaimDto)
  @BAD_LIST_QUERY
  queue(
    @CurrentUser() user: AuthUser,
    @Query() query: StaffClaimListQueryDto,
  ): Promise<Page<StaffQueueClaimDto>> {
    return this.staff.queue(user, query);
  }

  @Get('claims.csv')
  @ApiOperation({
    summary:
      'The filtered queue as CSV, streamed (the same filters and order; up to 1,000,000 rows).',
    operationId: 'exportStaffQueue',
  })
  @ApiCsvExport(
    'text/csv; charset=utf-8, as an attachment (`review-queue-{YYYY-MM-DD}.csv`, UTC): a header row, then one row per claim; never a timeline event.',
  )
  @BAD_LIST_QUERY
  export(@CurrentUser() user: AuthUser, @Query() query: StaffClaimExportQueryDto): StreamableFile {
    return this.staff.exportCsv(user, query);
  }

  @Get('summary')
  @ApiOperation({
    summary:
      'What stands above the queue: waiting, overdue, the oldest, decisions of 7 and 30 days.',
    operationId: 'getStaffSummary',
  })
  @ApiOkResponse({ type: StaffSummaryDto })
  summary(): Promise<StaffSummaryDto> {
    return this.staff.summary();
  }

  @Get('partners')
  @ApiOperation({
    summary: 'The partner directory: every partner with its open and waiting claims, searched.',
    operationId: 'listStaffPartners',
  })
  @ApiPage(StaffPartnerDto)
  @BAD_LIST_QUERY
  partners(@Query() query: StaffPartnerListQueryDto): Promise<Page<StaffPartnerDto>> {
    return this.staff.partners(query);
  }

  @Get('users')
  @ApiOperation({
    summary:
      'The active staff users, by name: whom a claim may be assigned to (the claim page’s assignee picker).',
    operationId: 'listStaffUsers',
  })
  @ApiOkResponse({ type: StaffUserListDto })
  users(): Promise<StaffUserListDto> {
    return this.staff.staffUsers();
  }
}
