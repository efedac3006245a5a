import { createHash } from 'node:crypto';
import { Injectable, Logger, type StreamableFile } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditService, type AuditAction } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import {
  type CsvColumn,
  csvFile,
  ListCursorCodec,
  mapPage,
  type Page,
} from '../common/list/index.js';
import { majorUnits, minorUnitDigits } from '../common/money.js';
import { addDays, partnerToday } from '../common/partner-day.js';
import { ProblemException, type ProblemFieldError } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { claimStatusMail } from '../mail/claim-status.mail.js';
import { MailService } from '../mail/mail.service.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import {
  allowedActions,
  type AttachmentContentType,
  CLAIM_EDITORS,
  CLAIM_TYPES,
  CLAIM_FILING_WINDOW_DAYS,
  claimDeadlineOf,
  type ClaimAction,
  type ClaimActor,
  claimActors,
  type ClaimType,
  isPartiallyApproved,
  isSeparatedFrom,
  MAX_AMOUNT_CLAIMED_MAJOR,
  MAX_OTHER_UNIT_VALUE_MAJOR,
  MOVEMENT_KIND_OF,
  REQUIRED_EVIDENCE,
  STAFF_ACTIONS,
  transitionOf,
} from './claim-lifecycle.js';
import { formatClaimNumber } from './claim-number.js';
import { EvidenceStore } from './evidence/evidence.store.js';
import {
  type ClaimFilters,
  type ClaimRecord,
  type ClaimEventRecord,
  ClaimsRepository,
  type CreatedClaimRecord,
  type ExportedClaimRecord,
  type DraftFields,
  isMovementAlreadyClaimed,
  type TransitionStatement,
} from './claims.repository.js';
import type {
  ClaimDto,
  ClaimEventDto,
  ClaimEventListQueryDto,
  ClaimExportQueryDto,
  ClaimFacetsDto,
  ClaimFacetsQueryDto,
  ClaimListQueryDto,
  ClaimMissingDto,
  ClaimTransitionDto,
  CreateClaimDto,
  UpdateClaimDto,
} from './dto/claims.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** docs/api.md: an Idempotency-Key is 1–255 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** How often a transition is tried again when a concurrent change slipped between snapshot and lock. */
const TRANSITION_ATTEMPTS = 3;

/** The content types of the evidence each type needs, for the submit statement. */
const REQUIRED_EVIDENCE_TYPES = Object.fromEntries(
  CLAIM_TYPES.map((type) => [type, REQUIRED_EVIDENCE[type]?.contentTypes ?? null]),
) as Record<ClaimType, readonly AttachmentContentType[] | null>;

/** The decisions that are written to the audit log (docs/product.md §4, AuditLog). */
const AUDITED: Partial<Record<ClaimAction, AuditAction>> = {
  approve: 'claim.approved',
  reject: 'claim.rejected',
  mark_paid: 'claim.paid',
};

export function claimNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such claim.');
}

function invalid(errors: ProblemFieldError[]): ProblemException {
  return new ProblemException(400, 'validation', 'The request is invalid.', errors);
}

function forbidden(): ProblemException {
  return new ProblemException(403, 'forbidden', 'Your role does not allow this.');
}

/** docs/product.md §3a: staff who acted on a claim for its partner, or are its members, do not decide it. */
function separationOfDuties(): ProblemException {
  return new ProblemException(
    403,
    'separation_of_duties',
    'You filed, edited or belong to the partner of this claim: another staff member decides it.',
  );
}

/** docs/product.md §4, "Claims you can trust": the movement's window has closed. */
function filingWindowClosed(deadline: string): ProblemException {
  return new ProblemException(
    422,
    'filing_window_closed',
    `The filing window of this movement closed on ${deadline} (${CLAIM_FILING_WINDOW_DAYS} days after it).`,
    undefined,
    { members: { claimDeadline: deadline } },
  );
}

/** `amount` major units of `currency` in its minor units. */
function minorUnitsOf(amount: number, currency: string): number {
  return amount * 10 ** minorUnitDigits(currency);
}

/**
 * The versions an `If-Match` names (`"3"`, or a list `"3", "4"`; the bare `3` some clients send is
 * taken too); undefined when there is none or it is `*` (a change must name the version it was based
 * on: 428). A weak or malformed tag matches no version (412).
 */
export function ifMatchVersions(header: string | undefined): number[] | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  return header
    .split(',')
    .map((tag) => /^\s*("?)(\d{1,9})\1\s*$/.exec(tag)?.[2])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number);
}

/** The filing window (docs/product.md §5): the first and last incident day filed or submitted today. */
function filingWindow(today: string): { earliest: string; today: string } {
  return { earliest: addDays(today, -CLAIM_FILING_WINDOW_DAYS), today };
}

function incidentDateProblem(incidentDate: string, today: string): string | undefined {
  const window = filingWindow(today);
  if (incidentDate > window.today) return 'The incident date is in the future.';
  if (incidentDate < window.earliest) {
    return `The incident date is more than ${CLAIM_FILING_WINDOW_DAYS} days ago: it must be on or after ${window.earliest}.`;
  }
  return undefined;
}

/** What blocks submit now (docs/api.md, Claim `missing`): the filing window, the type's evidence. */
export function missingOf(claim: ClaimRecord, today: string): ClaimMissingDto[] {
  if (claim.status !== 'draft') return [];
  const missing: ClaimMissingDto[] = [];
  const deadline = claim.movement === null ? null : claimDeadlineOf(claim.movement.day);
  const dateProblem =
    deadline !== null && deadline < today
      ? `The filing window of its movement closed on ${deadline}.`
      : incidentDateProblem(claim.movement?.day ?? claim.incidentDate, today);
  if (dateProblem !== undefined) missing.push({ field: 'incidentDate', message: dateProblem });
  const evidence = REQUIRED_EVIDENCE[claim.type];
  if (
    evidence !== null &&
    !claim.evidenceTypes.some((type) => evidence.contentTypes.includes(type))
  ) {
    missing.push({ field: 'attachments', message: `Attach ${evidence.label}.` });
  }
  return missing;
}

function money(amount: number, currency: string) {
  return { amount, currency };
}

export function toClaimDto(
  claim: ClaimRecord,
  actors: readonly ClaimActor[],
  today: string,
  separated = false,
): ClaimDto {
  return {
    id: claim.id,
    number: formatClaimNumber(claim.number),
    type: claim.type,
    status: claim.status,
    partiallyApproved: isPartiallyApproved(claim),
    item:
      claim.itemId === null
        ? null
        : { id: claim.itemId, sku: claim.itemSku ?? '', name: claim.itemName ?? '' },
    movementId: claim.movementId,
    movement: claim.movement,
    quantity: claim.quantity,
    unitValue: money(claim.unitValue, claim.currency),
    amountClaimed: money(claim.amountClaimed, claim.currency),
    amountApproved:
      claim.amountApproved === null ? null : money(claim.amountApproved, claim.currency),
    currency: claim.currency,
    incidentDate: claim.incidentDate,
    description: claim.description,
    reference: claim.reference,
    createdBy:
      claim.createdByUserId === null
        ? null
        : { id: claim.createdByUserId, name: claim.createdByName ?? '' },
    submittedAt: claim.submittedAt,
    decidedAt: claim.decidedAt,
    decisionReason: claim.decisionReason,
    payoutReference: claim.payoutReference,
    version: claim.version,
    createdAt: claim.createdAt,
    updatedAt: claim.updatedAt,
    allowedActions: allowedActions(claim.status, actors, separated),
    missing: missingOf(claim, today),
  };
}

export function toEventDto(event: ClaimEventRecord): ClaimEventDto {
  return {
    id: event.id,
    kind: event.kind,
    actor:
      event.actorUserId === null ? null : { id: event.actorUserId, name: event.actorName ?? '' },
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    body: event.body,
    at: event.at,
    amountApproved:
      event.amountApproved === null ? null : money(event.amountApproved, event.currency),
    payoutReference: event.payoutReference,
  };
}

/**
 * The export's columns (docs/api.md, claims CSV): money as plain decimal major units beside a
 * currency column (a spreadsheet sums it), dates as `YYYY-MM-DD`, times as ISO 8601 UTC.
 */
export function claimCsvColumns(): CsvColumn<ExportedClaimRecord>[] {
  const major = (amount: number | null, currency: string) =>
    amount === null ? null : majorUnits(amount, currency);
  return [
    { header: 'number', value: (claim) => formatClaimNumber(claim.number) },
    { header: 'type', value: (claim) => claim.type },
    { header: 'status', value: (claim) => claim.status },
    { header: 'partially_approved', value: (claim) => String(isPartiallyApproved(claim)) },
    { header: 'sku', value: (claim) => claim.itemSku },
    { header: 'item', value: (claim) => claim.itemName },
    { header: 'quantity', value: (claim) => claim.quantity },
    { header: 'unit_value', value: (claim) => major(claim.unitValue, claim.currency) },
    { header: 'amount_claimed', value: (claim) => major(claim.amountClaimed, claim.currency) },
    { header: 'amount_approved', value: (claim) => major(claim.amountApproved, claim.currency) },
    { header: 'currency', value: (claim) => claim.currency },
    { header: 'incident_date', value: (claim) => claim.incidentDate },
    { header: 'reference', value: (claim) => claim.reference },
    { header: 'description', value: (claim) => claim.description },
    { header: 'created_by', value: (claim) => claim.createdByName },
    { header: 'submitted_at', value: (claim) => claim.submittedAt },
    { header: 'decided_at', value: (claim) => claim.decidedAt },
    { header: 'decision_reason', value: (claim) => claim.decisionReason },
    { header: 'payout_reference', value: (claim) => claim.payoutReference },
    { header: 'created_at', value: (claim) => claim.createdAt },
    { header: 'updated_at', value: (claim) => claim.updatedAt },
  ];
}

function filtersOf(query: ClaimExportQueryDto, timeZone: string): ClaimFilters {
  const { q, status, type, from, to, itemId } = query;
  return { q, status, type, from, to, itemId, timeZone };
}

/** The fields a creation or an edit sets, as the body names them (before the item and movement). */
interface FilingInput {
  type: ClaimType;
  /** undefined: taken from the movement (none without one). */
  itemId: string | null | undefined;
  movementId: string | null;
  quantity: number;
  /** As sent; a claim filed from a movement takes the movement's day instead. */
  incidentDate: string | undefined;
  description: string;
  reference: string | null;
  /** As sent (only a claim of type other without an item may send one). */
  unitValue: number | null | undefined;
  /** An edit: the draft's item and unit value, kept while the item stays. */
  kept?: { itemId: string | null; unitValue: number };
  /** Whether the incident date is checked against the filing window (set, or changed by an edit). */
  checkIncidentDate: boolean;
}

/** The creation's fingerprint: the same key sent with another body is refused (docs/api.md). */
function fingerprintOf(body: CreateClaimDto): string {
  const canonical = {
    type: body.type,
    itemId: body.itemId ?? null,
    movementId: body.movementId ?? null,
    quantity: body.quantity,
    incidentDate: body.incidentDate,
    description: body.description,
    reference: body.reference ?? null,
    unitValue: body.unitValue ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical), 'utf8').digest('hex');
}

/** Thrown inside a creating transaction to roll it back (its number too) and answer the first claim. */
class IdempotentReplay extends Error {
  constructor(readonly first: CreatedClaimRecord) {
    super('Idempotent replay');
  }
}

/** Thrown inside a transition's transaction when a concurrent change slipped in: roll back, retry. */
class ConcurrentChange extends Error {}

/**
 * One partner's claims (docs/product.md §3, §4; docs/api.md). Every status change goes through the
 * lifecycle table (`claim-lifecycle.ts`) and one guarded statement; every change is partner-scoped.
 */
@Injectable()
export class ClaimsService {
  private readonly logger = new Logger('Claims');

  constructor(
    private readonly claims: ClaimsRepository,
    private readonly cursors: ListCursorCodec,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly evidence: EvidenceStore,
  ) {}

  private today(context: PartnerContext): string {
    return partnerToday(this.clock.now(), context.partner.timeZone);
  }

  private dto(context: PartnerContext, claim: ClaimRecord): ClaimDto {
    return toClaimDto(
      claim,
      claimActors(context),
      this.today(context),
      isSeparatedFrom(context, claim),
    );
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
    return mapPage(page, (claim) =>
      toClaimDto(claim, actors, today, isSeparatedFrom(context, claim)),
    );
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
    if (!UUID.test(id)) throw claimNotFound();
    const claim = await this.claims.find(context.partner.id, id);
    if (claim === undefined) throw claimNotFound();
    return this.dto(context, claim);
  }

  /**
   * Files a draft. In one transaction: the partner's next number (its counter's row lock orders the
   * partner's creations), then the Idempotency-Key's first claim if any (seen once the lock is held,
   * so a concurrent retry waits for the first and answers it), then the item and movement checks and
   * the rows. A replay or a refusal rolls back: the number is given back.
   */
  async create(
    context: PartnerContext,
    body: CreateClaimDto,
    idempotencyKey: string | undefined,
  ): Promise<{ claim: ClaimDto; replayed: boolean }> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw invalid([
        {
          field: 'Idempotency-Key',
          message: 'Idempotency-Key must be 1–255 visible ASCII characters',
        },
      ]);
    }
    const { partner, userId } = context;
    const fingerprint = fingerprintOf(body);
    const now = this.clock.now();
    const today = this.today(context);
    let id: string;
    try {
      id = await this.claims.transaction(async (manager) => {
        const number = await this.claims.nextNumber(partner.id, manager);
        if (idempotencyKey !== undefined) {
          const first = await this.claims.findByIdempotencyKey(
            partner.id,
            userId,
            idempotencyKey,
            manager,
          );
          if (first !== undefined) throw new IdempotentReplay(first);
        }
        const fields = await this.resolveFiling(
          partner,
          {
            type: body.type,
            itemId: body.itemId ?? undefined,
            movementId: body.movementId ?? null,
            quantity: body.quantity,
            incidentDate: body.incidentDate,
            description: body.description,
            reference: body.reference ?? null,
            unitValue: body.unitValue,
            checkIncidentDate: true,
          },
          today,
          manager,
        );
        return this.claims.insert(
          partner.id,
          number,
          {
            ...fields,
            currency: partner.currency,
            createdByUserId: userId,
            idempotencyKey: idempotencyKey ?? null,
            requestFingerprint: idempotencyKey === undefined ? null : fingerprint,
            at: now,
          },
          manager,
        );
      });
    } catch (error) {
      if (error instanceof IdempotentReplay) {
        if (error.first.requestFingerprint !== fingerprint) {
          throw new ProblemException(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was used with another request body.',
          );
        }
        return { claim: this.dto(context, error.first), replayed: true };
      }
      if (isMovementAlreadyClaimed(error)) throw movementAlreadyClaimed();
      throw error;
    }
    const claim = await this.claims.find(partner.id, id);
    if (claim === undefined) throw new Error(`Claim ${id} vanished after its creation`);
    return { claim: this.dto(context, claim), replayed: false };
  }

  /**
   * The filing rules (docs/product.md §4, "Claims you can trust"; docs/api.md): a lost, damaged or
   * shortage claim is filed from a loss, damage or receipt movement of its item and the partner (only
   * `other` stands without one, and is filed from none); the quantity 1..100,000 and at most the
   * movement's; the item the partner's and required unless the type is other; the unit value copied
   * from the item (kept while an edit keeps the item), stated (1 minor unit..100,000.00) only and
   * always by a claim of type other without one; the amount at most 1,000,000.00. A claim on a
   * movement takes the movement's day (partner time) as its incident date, whatever was sent, and is
   * refused when that day's filing window has closed (422 `filing_window_closed`); a claim without
   * one keeps a sent incident date in the filing window. Every failed field rule is a field of one 400.
   */
  private async resolveFiling(
    partner: { id: string; timeZone: string; currency: string },
    input: FilingInput,
    today: string,
    manager: EntityManager,
  ): Promise<DraftFields> {
    const errors: ProblemFieldError[] = [];
    let itemId = input.itemId;
    const kind = MOVEMENT_KIND_OF[input.type];
    let movementDay: string | undefined;
    if (input.movementId !== null) {
      const movement = await this.claims.findMovement(partner.id, input.movementId, manager);
      if (movement === undefined) {
        errors.push({ field: 'movementId', message: 'No such movement of this partner.' });
      } else {
        if (kind === null) {
          errors.push({
            field: 'movementId',
            message: 'A claim of type other is not filed from a movement.',
          });
        } else if (movement.kind !== kind) {
          errors.push({
            field: 'movementId',
            message: `A ${input.type} claim is filed from a ${kind} movement, not from a ${movement.kind}.`,
          });
        } else {
          movementDay = movement.day;
        }
        if (itemId === undefined) itemId = movement.itemId;
        else if (itemId !== movement.itemId) {
          errors.push({ field: 'movementId', message: 'The movement is not one of this item.' });
        }
        const most = Math.abs(movement.quantity);
        if (input.quantity > most) {
          errors.push({
            field: 'quantity',
            message: `quantity must be at most ${most}, the movement’s quantity.`,
          });
        }
      }
    } else if (kind !== null) {
      errors.push({
        field: 'movementId',
        message: `A ${input.type} claim is filed from a ${kind} movement of its item: name it in movementId.`,
      });
    }
    const resolvedItemId = itemId ?? null;
    let unitValue = 0;
    if (resolvedItemId === null) {
      if (input.type !== 'other') {
        errors.push({ field: 'itemId', message: 'An item is required unless the type is other.' });
      } else {
        const stated =
          input.unitValue ??
          (input.kept !== undefined && input.kept.itemId === null && input.unitValue === undefined
            ? input.kept.unitValue
            : undefined);
        const most = minorUnitsOf(MAX_OTHER_UNIT_VALUE_MAJOR, partner.currency);
        if (stated === undefined || stated === null) {
          errors.push({
            field: 'unitValue',
            message: 'A claim of type other without an item states its unit value.',
          });
        } else if (stated < 1 || stated > most) {
          errors.push({
            field: 'unitValue',
            message: `unitValue must be 1..${most} minor units (${majorUnits(most, partner.currency)} ${partner.currency}).`,
          });
        } else {
          unitValue = stated;
        }
      }
    } else {
      const item = await this.claims.findItem(partner.id, resolvedItemId, manager);
      if (item === undefined) {
        errors.push({ field: 'itemId', message: 'No such item of this partner.' });
      } else {
        unitValue =
          input.kept !== undefined && input.kept.itemId === item.id
            ? input.kept.unitValue
            : item.unitValue;
      }
    }
    if (
      input.unitValue !== undefined &&
      input.unitValue !== null &&
      (input.type !== 'other' || resolvedItemId !== null)
    ) {
      errors.push({
        field: 'unitValue',
        message:
          'Only a claim of type other without an item states its unit value; otherwise it is the item’s.',
      });
    }
    const mostClaimed = minorUnitsOf(MAX_AMOUNT_CLAIMED_MAJOR, partner.currency);
    if (input.quantity * unitValue > mostClaimed) {
      errors.push({
        field: 'quantity',
        message: `quantity × unit value must be at most ${majorUnits(mostClaimed, partner.currency)} ${partner.currency}.`,
      });
    }
    const incidentDate = movementDay ?? input.incidentDate;
    if (movementDay === undefined && input.checkIncidentDate) {
      const problem =
        input.incidentDate === undefined
          ? 'incidentDate must be a date as YYYY-MM-DD'
          : incidentDateProblem(input.incidentDate, today);
      if (problem !== undefined) errors.push({ field: 'incidentDate', message: problem });
    }
    if (errors.length > 0) throw invalid(errors);
    if (movementDay !== undefined && claimDeadlineOf(movementDay) < today) {
      throw filingWindowClosed(claimDeadlineOf(movementDay));
    }
    if (incidentDate === undefined) throw new Error('A claim without a day passed the checks');
    return {
      type: input.type,
      itemId: resolvedItemId,
      movementId: input.movementId,
      quantity: input.quantity,
      unitValue,
      incidentDate,
      description: input.description,
      reference: input.reference,
    };
  }

  /**
   * The checks of a change before its statement, in the order of docs/api.md: no such claim 404, a
   * role that can never do it 403, staff `separated` from the claim 403, no If-Match 428, another
   * version 412 (with the current claim), not allowed from this status 409 (with the allowed actions).
   */
  private preconditions(
    context: PartnerContext,
    claim: ClaimRecord | undefined,
    who: readonly ClaimActor[],
    versions: number[] | undefined,
    allowedFrom: (claim: ClaimRecord) => boolean,
    separated = false,
  ): ClaimRecord {
    if (claim === undefined) throw claimNotFound();
    const actors = claimActors(context);
    if (!actors.some((actor) => who.includes(actor))) throw forbidden();
    if (separated) throw separationOfDuties();
    if (versions === undefined) {
      throw new ProblemException(
        428,
        'precondition_required',
        'Send If-Match with the version (ETag) of the claim this change is based on.',
      );
    }
    if (!versions.includes(claim.version)) {
      throw new ProblemException(
        412,
        'stale',
        'This claim changed since you opened it; the current claim is in `claim`.',
        undefined,
        {
          members: { claim: this.dto(context, claim) },
          headers: { etag: `"${claim.version}"` },
        },
      );
    }
    if (!allowedFrom(claim)) {
      const allowed = allowedActions(claim.status, actors, isSeparatedFrom(context, claim));
      throw new ProblemException(
        409,
        'transition_not_allowed',
        `Not allowed while the claim is ${claim.status}; allowed now: ${allowed.join(', ') || 'nothing'}.`,
        undefined,
        { members: { allowedActions: allowed } },
      );
    }
    return claim;
  }

  async update(
    context: PartnerContext,
    id: string,
    body: UpdateClaimDto,
    ifMatch: string | undefined,
  ): Promise<ClaimDto> {
    if (!UUID.test(id)) throw claimNotFound();
    const partnerId = context.partner.id;
    const versions = ifMatchVersions(ifMatch);
    const draft = this.preconditions(
      context,
      await this.claims.find(partnerId, id),
      CLAIM_EDITORS,
      versions,
      (claim) => claim.status === 'draft',
    );
    const now = this.clock.now();
    const today = this.today(context);
    const changed = (Object.keys(body) as Array<keyof UpdateClaimDto>).filter(
      (field) => body[field] !== undefined,
    );
    let done: ClaimRecord | undefined;
    try {
      done = await this.claims.transaction(async (manager) => {
        const fields = await this.resolveFiling(
          context.partner,
          {
            type: body.type ?? draft.type,
            // A new movement without an item names its item; otherwise the draft's item stays.
            itemId:
              body.itemId !== undefined
                ? body.itemId
                : body.movementId !== undefined && body.movementId !== null
                  ? undefined
                  : draft.itemId,
            movementId: body.movementId !== undefined ? body.movementId : draft.movementId,
            quantity: body.quantity ?? draft.quantity,
            incidentDate: body.incidentDate ?? draft.incidentDate,
            description: body.description ?? draft.description,
            reference: body.reference !== undefined ? body.reference : draft.reference,
            unitValue: body.unitValue,
            kept: { itemId: draft.itemId, unitValue: draft.unitValue },
            checkIncidentDate:
              body.incidentDate !== undefined && body.incidentDate !== draft.incidentDate,
          },
          today,
          manager,
        );
        const updated = await this.claims.updateDraft(
          partnerId,
          id,
          draft.version,
          fields,
          now,
          manager,
        );
        if (!updated) return undefined;
        await this.claims.insertEvent(
          partnerId,
          id,
          {
            kind: 'edit',
            actorUserId: context.userId,
            body: changed.length === 0 ? null : changed.join(', '),
            at: now,
          },
          manager,
        );
        return this.claims.find(partnerId, id, manager);
      });
    } catch (error) {
      if (isMovementAlreadyClaimed(error)) throw movementAlreadyClaimed();
      throw error;
    }
    if (done === undefined) {
      // Changed between the read and the statement: say how it stands now.
      this.preconditions(
        context,
        await this.claims.find(partnerId, id),
        CLAIM_EDITORS,
        [draft.version],
        (claim) => claim.status === 'draft',
      );
      throw new Error(`Claim ${id}: the edit touched no row, yet nothing explains why`);
    }
    return this.dto(context, done);
  }

  async remove(context: PartnerContext, id: string, ifMatch: string | undefined): Promise<void> {
    if (!UUID.test(id)) throw claimNotFound();
    const partnerId = context.partner.id;
    const draft = this.preconditions(
      context,
      await this.claims.find(partnerId, id),
      CLAIM_EDITORS,
      ifMatchVersions(ifMatch),
      (claim) => claim.status === 'draft',
    );
    const outcome = await this.claims.transaction(async (manager) => {
      const deleted = await this.claims.deleteDraft(partnerId, id, draft.version, manager);
      // The bytes go with the rows, in the same transaction.
      await this.evidence.delete(partnerId, deleted.storageKeys, manager);
      return deleted;
    });
    if (!outcome.deleted) {
      this.preconditions(
        context,
        await this.claims.find(partnerId, id),
        CLAIM_EDITORS,
        [draft.version],
        (claim) => claim.status === 'draft',
      );
      throw new Error(`Claim ${id}: the deletion touched no row, yet nothing explains why`);
    }
  }

  /**
   * A lifecycle action (docs/product.md §4): ONE guarded UPDATE with its event (and the audit row of
   * a decision) in a transaction; when it touches no row, the claim is read once to say why (404,
   * 403, 428, 412, 409, 400, 422, in that order). The creator is e-mailed after the commit.
   */
  async transition(
    context: PartnerContext,
    id: string,
    body: ClaimTransitionDto,
    ifMatch: string | undefined,
    ip: string | null = null,
  ): Promise<ClaimDto> {
    if (!UUID.test(id)) throw claimNotFound();
    const partnerId = context.partner.id;
    const rule = transitionOf(body.action);
    const versions = ifMatchVersions(ifMatch);
    const actors = claimActors(context);
    const fieldErrors = this.requirementErrors(body);
    // Separation of duties (docs/product.md §3a) is a condition of the statement, not a read before it.
    const staffActor =
      STAFF_ACTIONS.includes(body.action) && actors.includes('staff') ? context.userId : undefined;
    const mayTry =
      actors.some((actor) => rule.who.includes(actor)) &&
      versions !== undefined &&
      versions.length > 0 &&
      fieldErrors.length === 0;
    if (mayTry) {
      const today = this.today(context);
      const statement: TransitionStatement = {
        from: rule.from,
        to: rule.to,
        versions,
        at: this.clock.now(),
        ...(staffActor === undefined ? {} : { staffActor }),
        ...(body.action === 'submit'
          ? {
              submitted: true,
              complete: {
                ...filingWindow(today),
                evidence: REQUIRED_EVIDENCE_TYPES,
              },
            }
          : {}),
        ...(body.action === 'approve' || body.action === 'reject'
          ? { decided: { reason: body.message ?? null } }
          : {}),
        ...(body.action === 'approve' ? { amountApproved: body.amountApproved } : {}),
        ...(body.action === 'mark_paid' ? { payoutReference: body.payoutReference } : {}),
      };
      for (let attempt = 1; attempt <= TRANSITION_ATTEMPTS; attempt += 1) {
        let changed: ClaimRecord | undefined;
        try {
          changed = await this.claims.transaction(async (manager) => {
            const outcome = await this.claims.transition(partnerId, id, statement, manager);
            if (outcome === undefined) return undefined;
            if (outcome.fromStatus === null) throw new ConcurrentChange();
            await this.claims.insertEvent(
              partnerId,
              id,
              {
                kind: 'transition',
                actorUserId: context.userId,
                fromStatus: outcome.fromStatus,
                toStatus: rule.to,
                body: body.message ?? null,
                at: statement.at,
              },
              manager,
            );
            const claim = await this.claims.find(partnerId, id, manager);
            if (claim === undefined) throw new Error(`Claim ${id} vanished in its transition`);
            const auditAction = AUDITED[body.action];
            if (auditAction !== undefined) {
              await this.audit.recordForPartner(
                partnerId,
                {
                  action: auditAction,
                  actorUserId: context.userId,
                  target: `claim:${id}`,
                  ip,
                  metadata: {
                    number: formatClaimNumber(claim.number),
                    amountApproved: claim.amountApproved,
                    currency: claim.currency,
                  },
                },
                manager,
              );
            }
            return claim;
          });
        } catch (error) {
          if (error instanceof ConcurrentChange) continue;
          throw error;
        }
        if (changed !== undefined) {
          await this.notifyCreator(context, changed, body);
          return this.dto(context, changed);
        }
        await this.explainRefusal(context, await this.claims.find(partnerId, id), body, versions);
      }
      throw transitionUnexplained();
    }
    await this.explainRefusal(context, await this.claims.find(partnerId, id), body, versions);
    throw transitionUnexplained();
  }

  /** The fields an action requires and the body lacks (amountApproved's bound needs the claim). */
  private requirementErrors(body: ClaimTransitionDto): ProblemFieldError[] {
    const { requires } = transitionOf(body.action);
    const errors: ProblemFieldError[] = [];
    if (requires.includes('message') && body.message === undefined) {
      errors.push({
        field: 'message',
        message:
          body.action === 'reject'
            ? 'A reason is required.'
            : `A message is required to ${body.action.replace('_', ' ')}.`,
      });
    }
    if (requires.includes('amountApproved') && body.amountApproved === undefined) {
      errors.push({ field: 'amountApproved', message: 'amountApproved is required to approve.' });
    }
    if (requires.includes('payoutReference') && body.payoutReference === undefined) {
      errors.push({
        field: 'payoutReference',
        message: 'payoutReference is required to mark the claim paid.',
      });
    }
    return errors;
  }

  /** Throws the answer to a transition that did not happen, from the claim as it is now. */
  private async explainRefusal(
    context: PartnerContext,
    current: ClaimRecord | undefined,
    body: ClaimTransitionDto,
    versions: number[] | undefined,
  ): Promise<void> {
    const rule = transitionOf(body.action);
    const separated =
      current !== undefined &&
      STAFF_ACTIONS.includes(body.action) &&
      claimActors(context).includes('staff') &&
      (await this.claims.isSeparated(context.partner.id, current.id, context.userId)) === true;
    const claim = this.preconditions(
      context,
      current,
      rule.who,
      versions,
      (found) => rule.from.includes(found.status),
      separated,
    );
    const errors = this.requirementErrors(body);
    if (
      body.action === 'approve' &&
      body.amountApproved !== undefined &&
      body.amountApproved > claim.amountClaimed
    ) {
      errors.push({
        field: 'amountApproved',
        message: `amountApproved must be 1..${claim.amountClaimed}, the amount claimed.`,
      });
    }
    if (errors.length > 0) throw invalid(errors);
    if (body.action === 'submit') {
      const today = this.today(context);
      if (claim.movement !== null && claimDeadlineOf(claim.movement.day) < today) {
        throw filingWindowClosed(claimDeadlineOf(claim.movement.day));
      }
      const missing = missingOf(claim, today);
      if (missing.length > 0) {
        throw new ProblemException(
          422,
          'claim_incomplete',
          'The claim cannot be submitted yet: see errors.',
          missing,
        );
      }
    }
  }

  /**
   * The e-mail to the claim's creator (after the commit; a failure to send is logged, not answered),
   * unless the creator made the change: nobody is e-mailed about their own change.
   */
  private async notifyCreator(
    context: PartnerContext,
    claim: ClaimRecord,
    body: ClaimTransitionDto,
  ): Promise<void> {
    if (claim.createdByUserId === null || claim.createdByUserId === context.userId) return;
    try {
      const [creator, actor] = await Promise.all([
        this.claims.creator(claim.createdByUserId),
        this.claims.userName(context.userId),
      ]);
      if (creator === undefined) return;
      const { partner } = context;
      const amount = (minor: number) => `${majorUnits(minor, claim.currency)} ${claim.currency}`;
      await this.mail.send(
        claimStatusMail({
          to: creator,
          partnerName: partner.name,
          claimNumber: formatClaimNumber(claim.number),
          action: body.action,
          actorName: actor ?? 'A former user',
          message: body.message ?? null,
          amountClaimed: amount(claim.amountClaimed),
          amountApproved: claim.amountApproved === null ? null : amount(claim.amountApproved),
          payoutReference: body.action === 'mark_paid' ? claim.payoutReference : null,
          link: `${this.config.publicUrl}/${partner.slug}/claims/${claim.id}`,
        }),
      );
    } catch (error) {
      this.logger.error({ err: error, claimId: claim.id }, 'The claim e-mail was not sent');
    }
  }

  async events(
    context: PartnerContext,
    id: string,
    query: ClaimEventListQueryDto,
  ): Promise<Page<ClaimEventDto>> {
    if (!UUID.test(id)) throw claimNotFound();
    const partnerId = context.partner.id;
    const [exists, page] = await Promise.all([
      this.claims.exists(partnerId, id),
      this.claims.eventPage(partnerId, id, query, this.cursors),
    ]);
    if (!exists) throw claimNotFound();
    return mapPage(page, toEventDto);
  }

  async comment(context: PartnerContext, id: string, body: string): Promise<ClaimEventDto> {
    if (!UUID.test(id)) throw claimNotFound();
    const partnerId = context.partner.id;
    const eventId = await this.claims.insertComment(
      partnerId,
      id,
      context.userId,
      body,
      this.clock.now(),
    );
    if (eventId === undefined) throw claimNotFound();
    return toEventDto(await this.claims.findEvent(partnerId, id, eventId));
  }
}

/**
 * The answer when the guarded statement touched no row and the claim as read afterwards explains
 * nothing, attempt after attempt (docs/api.md, check 10): a conflict to retry, never a 500.
 */
function transitionUnexplained(): ProblemException {
  return new ProblemException(
    409,
    'transition_conflict',
    'The claim changed while this action was applied; reload it and try again.',
  );
}

function movementAlreadyClaimed(): ProblemException {
  return new ProblemException(
    409,
    'movement_already_claimed',
    'This movement already has a claim (withdraw it to file another).',
  );
}
