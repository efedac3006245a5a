import { Injectable, type StreamableFile } from '@nestjs/common';
import { claimActors, withheldFrom } from '#src/claims/claim-lifecycle.js';
import { formatClaimNumber } from '#src/claims/claim-number.js';
import { toClaimDto } from '#src/claims/claim.mapper.js';
import type { AuthUser } from '#src/auth/decorators/current-user.decorator.js';
import { Clock } from '#src/common/clock.js';
import {
  csvFile,
  type CsvColumn,
  ListCursorCodec,
  mapPage,
  type Page,
} from '#src/common/list/index.js';
import { majorUnits } from '#src/common/money.js';
import { AppConfig } from '#src/config/app-config.js';
import { UsersRepository } from '#src/users/users.repository.js';
import type {
  StaffClaimExportQueryDto,
  StaffClaimListQueryDto,
  StaffPartnerDto,
  StaffPartnerListQueryDto,
  StaffQueueClaimDto,
  StaffSummaryDto,
  StaffUserListDto,
} from './dto/staff.dto.js';
import {
  type ExportedQueueClaimRecord,
  type QueueClaimRecord,
  type QueueFilters,
  StaffRepository,
} from './staff.repository.js';
import { QUEUE_STATUSES } from './staff.lists.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The staff workspace's lists and summary (docs/product.md §3a; docs/api.md, "The staff workspace"). */
@Injectable()
export class StaffService {
  constructor(
    private readonly staff: StaffRepository,
    private readonly users: UsersRepository,
    private readonly cursors: ListCursorCodec,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Claims waiting since before this are overdue: now less the review target. */
  private overdueBefore(now: Date): Date {
    return new Date(now.getTime() - this.config.reviewTargetDays * DAY_MS);
  }

  private filtersOf(
    user: AuthUser,
    query: StaffClaimExportQueryDto,
    overdueBefore: Date,
  ): QueueFilters {
    const assignee = query.assignee?.toLowerCase();
    return {
      statuses: query.status ?? QUEUE_STATUSES,
      partnerSlug: query.partner,
      type: query.type,
      assignee:
        assignee === undefined
          ? undefined
          : assignee === 'none'
            ? { none: true }
            : { userId: assignee === 'me' ? user.id : assignee },
      q: query.q,
      minAmount: query.minAmount,
      maxAmount: query.maxAmount,
      overdue:
        query.overdue === undefined
          ? undefined
          : { before: overdueBefore, overdue: query.overdue === 'true' },
    };
  }

  async queue(user: AuthUser, query: StaffClaimListQueryDto): Promise<Page<StaffQueueClaimDto>> {
    const now = this.clock.now();
    const overdueBefore = this.overdueBefore(now);
    // The caller's role in each partner, read by the JWT guard's account check: a staff member who
    // belongs to a claim's partner is separated from it (docs/product.md §3a), and sees a member's
    // actions, as on the claim's own page.
    const roles = user.staffRoles;
    if (roles === undefined) throw new Error('The account check did not read the staff roles');
    const page = await this.staff.queuePage(
      this.filtersOf(user, query, overdueBefore),
      query,
      this.cursors,
    );
    const today = now.toISOString().slice(0, 10);
    const overdueBeforeIso = overdueBefore.toISOString();
    // The caller of a claim of a partner they do not belong to (most claims), made once a page.
    const outsider = { role: null, isStaff: true, userId: user.id };
    const outsiderActors = claimActors(outsider);
    return mapPage(page, (claim) => {
      const role = roles.size === 0 ? undefined : roles.get(claim.partnerSlug);
      const caller = role === undefined ? outsider : { ...outsider, role };
      const actors = role === undefined ? outsiderActors : claimActors(caller);
      // Added to the claim's answer rather than spread into a copy of it: 25 claims of 30 fields a page.
      return Object.assign(toClaimDto(claim, actors, today, withheldFrom(caller, claim)), {
        partner: { slug: claim.partnerSlug, name: claim.partnerName },
        overdue: isOverdue(claim, overdueBeforeIso),
      });
    });
  }

  exportCsv(user: AuthUser, query: StaffClaimExportQueryDto): StreamableFile {
    const now = this.clock.now();
    const overdueBefore = this.overdueBefore(now);
    return csvFile(
      `review-queue-${now.toISOString().slice(0, 10)}.csv`,
      this.staff.queueRows(this.filtersOf(user, query, overdueBefore), query.sort),
      queueCsvColumns(overdueBefore),
    );
  }

  async summary(): Promise<StaffSummaryDto> {
    const now = this.clock.now();
    const summary = await this.staff.summary(now, this.overdueBefore(now));
    return {
      ...summary,
      medianDaysToDecision30d:
        summary.medianDaysToDecision30d === null
          ? null
          : Math.round(summary.medianDaysToDecision30d * 100) / 100,
    };
  }

  /** The active staff users, by name: whom a claim may be assigned to (docs/product.md §3a). */
  async staffUsers(): Promise<StaffUserListDto> {
    return { items: await this.users.activeStaff() };
  }

  async partners(query: StaffPartnerListQueryDto): Promise<Page<StaffPartnerDto>> {
    return this.staff.partnerPage(query.q, query, this.cursors);
  }
}

/**
 * Whether a claim waits since before `overdueBefore` (ISO 8601 UTC with milliseconds, as the times
 * are read: `isoTimestampSql`): the same fixed-width text on both sides, so compared as text, not
 * parsed into a Date per claim.
 */
function isOverdue(claim: { waitingSince: string | null }, overdueBefore: string): boolean {
  return claim.waitingSince !== null && claim.waitingSince < overdueBefore;
}

/**
 * The queue's CSV columns (docs/api.md, "The staff workspace"): the claim, its partner, assignee and
 * waiting; money as decimal major units beside the currency, as the claims CSV. No timeline event.
 */
function queueCsvColumns(overdueBefore: Date): CsvColumn<ExportedQueueClaimRecord>[] {
  const overdueBeforeIso = overdueBefore.toISOString();
  const major = (amount: number | null, currency: string) =>
    amount === null ? null : majorUnits(amount, currency);
  return [
    { header: 'number', value: (claim) => formatClaimNumber(claim.number) },
    { header: 'partner', value: (claim) => claim.partnerSlug },
    { header: 'partner_name', value: (claim) => claim.partnerName },
    { header: 'type', value: (claim) => claim.type },
    { header: 'status', value: (claim) => claim.status },
    { header: 'sku', value: (claim) => claim.itemSku },
    { header: 'item', value: (claim) => claim.itemName },
    { header: 'quantity', value: (claim) => claim.quantity },
    { header: 'amount_claimed', value: (claim) => major(claim.amountClaimed, claim.currency) },
    { header: 'currency', value: (claim) => claim.currency },
    { header: 'incident_date', value: (claim) => claim.incidentDate },
    { header: 'assignee', value: (claim) => claim.assigneeName },
    { header: 'created_by', value: (claim) => claim.createdByName },
    { header: 'submitted_at', value: (claim) => claim.submittedAt },
    { header: 'waiting_since', value: (claim) => claim.waitingSince },
    { header: 'overdue', value: (claim) => String(isOverdue(claim, overdueBeforeIso)) },
    { header: 'description', value: (claim) => claim.description },
  ];
}

export type { QueueClaimRecord };
