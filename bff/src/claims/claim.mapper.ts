import type { CsvColumn } from '../common/list/index.js';
import { majorUnits } from '../common/money.js';
import { addDays } from '../common/partner-day.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import {
  allowedActions,
  CLAIM_FILING_WINDOW_DAYS,
  claimActors,
  claimDeadlineOf,
  type ClaimActor,
  isPartiallyApproved,
  NOTHING_WITHHELD,
  REQUIRED_EVIDENCE,
  type Withheld,
  withheldFrom,
} from './claim-lifecycle.js';
import { isStaffOnlyEvent } from './claim-event.entity.js';
import { formatClaimNumber } from './claim-number.js';
import type { ClaimEventRecord, ClaimRecord, ExportedClaimRecord } from './claims.repository.js';
import type { ClaimDto, ClaimEventDto, ClaimMissingDto } from './dto/claims.dto.js';

/**
 * A claim and its events as the API shows them: the one place from the repository's rows
 * (claims.repository.ts) to the DTOs and the CSV's columns (docs/api.md, Claim).
 */

/** The filing window (docs/product.md §5): the first and last incident day filed or submitted today. */
export function filingWindow(today: string): { earliest: string; today: string } {
  return { earliest: addDays(today, -CLAIM_FILING_WINDOW_DAYS), today };
}

export function incidentDateProblem(incidentDate: string, today: string): string | undefined {
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
  withheld: Withheld = NOTHING_WITHHELD,
): ClaimDto {
  const dto: ClaimDto = {
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
    createdBy: actorDto(claim.createdByUserId ?? claim.createdByKeyId, claim.createdByName),
    submittedAt: claim.submittedAt,
    decidedAt: claim.decidedAt,
    decisionReason: claim.decisionReason,
    payoutReference: claim.payoutReference,
    version: claim.version,
    createdAt: claim.createdAt,
    updatedAt: claim.updatedAt,
    allowedActions: allowedActions(claim.status, actors, withheld),
    missing: missingOf(claim, today),
  };
  return actors.includes('staff') ? Object.assign(dto, staffFieldsOf(claim)) : dto;
}

/** What only staff see of a claim (docs/product.md §3a): never in a partner's answer. */
function staffFieldsOf(
  claim: ClaimRecord,
): Pick<ClaimDto, 'assignee' | 'waitingSince' | 'pendingApproval'> {
  const actor = (id: string | null, name: string | null) =>
    id === null ? null : { id, name: name ?? '' };
  return {
    assignee: actor(claim.assigneeUserId, claim.assigneeName),
    waitingSince: claim.waitingSince,
    pendingApproval:
      claim.pendingApprovalAmount === null || claim.pendingApprovalAt === null
        ? null
        : {
            by: actor(claim.pendingApprovalByUserId, claim.pendingApprovalByName),
            amountApproved: money(claim.pendingApprovalAmount, claim.currency),
            at: claim.pendingApprovalAt,
          },
  };
}

/**
 * A person or an API key as the API names them: `{ id, name }`, a key's name `key: <name>` (the
 * statements select it so); null once the person or the key is gone.
 */
function actorDto(id: string | null, name: string | null): { id: string; name: string } | null {
  return id === null ? null : { id, name: name ?? '' };
}

export function toEventDto(event: ClaimEventRecord): ClaimEventDto {
  return {
    id: event.id,
    kind: event.kind,
    internal: isStaffOnlyEvent(event.kind),
    actor: actorDto(event.actorUserId ?? event.actorKeyId, event.actorName),
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

/**
 * The claim as webhooks send it (docs/api.md, Webhooks): what a partner's member sees, without what
 * depends on the caller (`allowedActions`, `missing`); never a staff-only field.
 */
export function publicClaimDto(
  claim: ClaimRecord | undefined,
  today: string,
): Omit<ClaimDto, 'allowedActions' | 'missing'> {
  if (claim === undefined) throw new Error('The claim of a webhook event is not there');
  const dto: Partial<ClaimDto> = toClaimDto(claim, [], today);
  delete dto.allowedActions;
  delete dto.missing;
  return dto as Omit<ClaimDto, 'allowedActions' | 'missing'>;
}

/** The claim as `context`'s caller sees it today (its actions, what blocks submit). */
export function claimDtoFor(context: PartnerContext, claim: ClaimRecord, today: string): ClaimDto {
  return toClaimDto(claim, claimActors(context), today, withheldFrom(context, claim));
}
