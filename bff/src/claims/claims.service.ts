import { Injectable, type StreamableFile } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { csvFile, ListCursorCodec, mapPage, type Page } from '../common/list/index.js';
import { partnerToday } from '../common/partner-day.js';
import { actorOf, type PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import { claimActors, withheldFrom } from './claim-lifecycle.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { claimCsvColumns, claimDtoFor, toClaimDto, toEventDto } from './claim.mapper.js';
import { ProblemException } from '../common/problem-details.js';
import { TERMINAL_STATUSES } from './claim-lifecycle.js';
import { claimNotFound, forbidden, invalid, transitionUnexplained } from './claim.problems.js';
import { type ClaimFilters, type ClaimRecord, ClaimsRepository } from './claims.repository.js';
import type {
  ClaimDto,
  ClaimEventDto,
  ClaimEventListQueryDto,
  ClaimExportQueryDto,
  ClaimFacetsDto,
  ClaimFacetsQueryDto,
  ClaimListQueryDto,
} from './dto/claims.dto.js';

function filtersOf(query: ClaimExportQueryDto, timeZone: string): ClaimFilters {
  const { q, status, type, from, to, itemId } = query;
  return { q, status, type, from, to, itemId, timeZone };
}

/**
 * A partner's claims as read (docs/api.md): the list, its CSV and facets, one claim, its timeline, a
 * comment. Filing is ClaimFilingService's, the lifecycle ClaimTransitionsService's.
 */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly cursors: ListCursorCodec,
    private readonly clock: Clock,
    private readonly webhooks: WebhookEvents,
  ) {}

  private today(context: PartnerContext): string {
    return partnerToday(this.clock.now(), context.partner.timeZone);
  }

  private dto(context: PartnerContext, claim: ClaimRecord): ClaimDto {
    return claimDtoFor(context, claim, this.today(context));
  }

  async list(context: PartnerContext, query: ClaimListQueryDto): Promise<Page<ClaimDto>> {
    const page = await this.claims.page(
      context.partner.id,
      filtersOf(query, context.partner.timeZone),
      query,
      this.cursors,
    );
    const actors = claimActors(context);
    const today = this.today(context);
    return mapPage(page, (claim) => toClaimDto(claim, actors, today, withheldFrom(context, claim)));
  }

  exportCsv(context: PartnerContext, query: ClaimExportQueryDto): StreamableFile {
    const { partner } = context;
    return csvFile(
      `${partner.slug}-claims-${this.today(context)}.csv`,
      this.claims.rows(partner.id, filtersOf(query, partner.timeZone), query.sort),
      claimCsvColumns(),
    );
  }

  async facets(context: PartnerContext, query: ClaimFacetsQueryDto): Promise<ClaimFacetsDto> {
    const { statuses, types } = await this.claims.facets(
      context.partner.id,
      filtersOf(query, context.partner.timeZone),
    );
    return {
      statuses: [...statuses].map(([value, count]) => ({ value, count })),
      types: [...types].map(([value, count]) => ({ value, count })),
    };
  }

  async claim(context: PartnerContext, id: string): Promise<ClaimDto> {
    const claim = await this.claims.find(context.partner.id, id);
    if (claim === undefined) throw claimNotFound();
    return this.dto(context, claim);
  }

  async events(
    context: PartnerContext,
    id: string,
    query: ClaimEventListQueryDto,
  ): Promise<Page<ClaimEventDto>> {
    const partnerId = context.partner.id;
    const [exists, page] = await Promise.all([
      this.claims.exists(partnerId, id),
      this.claims.eventPage(partnerId, id, query, this.cursors, context.isStaff),
    ]);
    if (!exists) throw claimNotFound();
    return mapPage(page, toEventDto);
  }

  /**
   * A comment, or (`internal`, staff only: 403 for anyone else) a staff-only internal note
   * (docs/product.md §3a); the claim's version stays.
   */
  async comment(
    context: PartnerContext,
    id: string,
    body: string,
    internal = false,
  ): Promise<ClaimEventDto> {
    if (internal && !context.isStaff) throw forbidden();
    const partnerId = context.partner.id;
    const eventId = await this.claims.transaction(async (manager) => {
      const kind = internal ? 'internal_note' : 'comment';
      const at = this.clock.now();
      const added = await this.claims.insertComment(
        partnerId,
        id,
        actorOf(context),
        body,
        at,
        kind,
        manager,
      );
      // A staff-only internal note is never an event (docs/api.md, Webhooks).
      if (added !== undefined && !internal) {
        const comment = toEventDto(await this.claims.findEvent(partnerId, id, added, manager));
        await this.webhooks.emit(manager, partnerId, 'claim.comment_added', {
          claimId: id,
          comment,
        });
      }
      return added;
    });
    if (eventId === undefined) throw claimNotFound();
    return toEventDto(await this.claims.findEvent(partnerId, id, eventId));
  }

  /**
   * Assigns the claim to an active staff user, or unassigns it (`null`), with a staff-only
   * `assignment` event naming the assignee (docs/product.md §3a): one guarded statement; the version
   * stays (docs/api.md). The same assignee again changes nothing. No such claim 404, not an active
   * staff user 400, a terminal claim 409.
   */
  async assign(context: PartnerContext, id: string, userId: string | null): Promise<ClaimDto> {
    const partnerId = context.partner.id;
    const at = this.clock.now();
    const assigned = await this.claims.transaction(async (manager) => {
      if (!(await this.claims.assign(partnerId, id, userId, manager))) return false;
      // In the transaction: the embedded database serialises transactions, so a read on another
      // connection while this one is open would wait for it forever.
      const name = userId === null ? undefined : await this.claims.activeStaffName(userId, manager);
      await this.claims.insertEvent(
        partnerId,
        id,
        { kind: 'assignment', actorUserId: context.userId, body: name ?? 'Unassigned', at },
        manager,
      );
      return true;
    });
    const claim = await this.claims.find(partnerId, id);
    if (claim === undefined) throw claimNotFound();
    if (assigned || claim.assigneeUserId === userId) return this.dto(context, claim);
    if (userId !== null && (await this.claims.activeStaffName(userId)) === undefined) {
      throw invalid([{ field: 'userId', message: 'Not an active staff user.' }]);
    }
    if (TERMINAL_STATUSES.includes(claim.status)) {
      throw new ProblemException(
        409,
        'claim_closed',
        `The claim is ${claim.status}: a closed claim is not assigned.`,
      );
    }
    throw transitionUnexplained();
  }
}
