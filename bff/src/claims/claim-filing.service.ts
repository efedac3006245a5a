import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { majorUnits, minorUnitDigits } from '../common/money.js';
import { partnerToday } from '../common/partner-day.js';
import type { ProblemFieldError } from '../common/problem-details.js';
import { actorOf, type PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import {
  CLAIM_EDITORS,
  claimDeadlineOf,
  type ClaimType,
  MAX_AMOUNT_CLAIMED_MAJOR,
  MAX_OTHER_UNIT_VALUE_MAJOR,
  MOVEMENT_KIND_OF,
} from './claim-lifecycle.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { claimDtoFor, incidentDateProblem, publicClaimDto } from './claim.mapper.js';
import {
  filingWindowClosed,
  ifMatchVersions,
  invalid,
  movementAlreadyClaimed,
  preconditions,
} from './claim.problems.js';
import { EvidenceStore } from './evidence/evidence.store.js';
import {
  type ClaimRecord,
  ClaimsRepository,
  type DraftFields,
  isMovementAlreadyClaimed,
} from './claims.repository.js';
import type { ClaimDto, CreateClaimDto, UpdateClaimDto } from './dto/claims.dto.js';

/** `amount` major units of `currency` in its minor units. */
function minorUnitsOf(amount: number, currency: string): number {
  return amount * 10 ** minorUnitDigits(currency);
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

/**
 * Filing a partner's claims (docs/product.md §4, "Claims you can trust"; docs/api.md): a draft's
 * creation, its edits and its deletion, each checked by the filing rules.
 */
@Injectable()
export class ClaimFilingService {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly clock: Clock,
    private readonly evidence: EvidenceStore,
    private readonly webhooks: WebhookEvents,
  ) {}

  private today(context: PartnerContext): string {
    return partnerToday(this.clock.now(), context.partner.timeZone);
  }

  private dto(context: PartnerContext, claim: ClaimRecord): ClaimDto {
    return claimDtoFor(context, claim, this.today(context));
  }

  /**
   * Files a draft. In one transaction: the partner's next number (its counter's row lock orders the
   * partner's creations), then the item and movement checks and the rows. A refusal rolls back: the
   * number is given back. A retry with the same `Idempotency-Key` never reaches here: the idempotency
   * interceptor answers it (docs/api.md, Idempotency-Key).
   */
  async create(context: PartnerContext, body: CreateClaimDto): Promise<ClaimDto> {
    const { partner } = context;
    const creator = actorOf(context);
    const now = this.clock.now();
    const today = this.today(context);
    let id: string;
    try {
      id = await this.claims.transaction(async (manager) => {
        const number = await this.claims.nextNumber(partner.id, manager);
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
        const created = await this.claims.insert(
          partner.id,
          number,
          {
            ...fields,
            currency: partner.currency,
            createdByUserId: creator.actorUserId,
            createdByKeyId: creator.actorKeyId,
            at: now,
          },
          manager,
        );
        const claim = publicClaimDto(await this.claims.find(partner.id, created, manager), today);
        await this.webhooks.emit(manager, partner.id, 'claim.created', claim);
        return created;
      });
    } catch (error) {
      if (isMovementAlreadyClaimed(error)) throw movementAlreadyClaimed();
      throw error;
    }
    const claim = await this.claims.find(partner.id, id);
    if (claim === undefined) throw new Error(`Claim ${id} vanished after its creation`);
    return this.dto(context, claim);
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

  async update(
    context: PartnerContext,
    id: string,
    body: UpdateClaimDto,
    ifMatch: string | undefined,
  ): Promise<ClaimDto> {
    const partnerId = context.partner.id;
    const versions = ifMatchVersions(ifMatch);
    const draft = preconditions(
      context,
      this.today(context),
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
            ...actorOf(context),
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
      return this.refuseChangedDraft(context, id, draft.version, 'edit');
    }
    return this.dto(context, done);
  }

  async remove(context: PartnerContext, id: string, ifMatch: string | undefined): Promise<void> {
    const partnerId = context.partner.id;
    const draft = preconditions(
      context,
      this.today(context),
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
      return this.refuseChangedDraft(context, id, draft.version, 'deletion');
    }
  }

  /**
   * A draft's edit or deletion touched no row: it changed between the read and the statement.
   * Throws the refusal that says how it stands now (412, 409, 404…).
   */
  private async refuseChangedDraft(
    context: PartnerContext,
    id: string,
    version: number,
    what: 'edit' | 'deletion',
  ): Promise<never> {
    preconditions(
      context,
      this.today(context),
      await this.claims.find(context.partner.id, id),
      CLAIM_EDITORS,
      [version],
      (claim) => claim.status === 'draft',
    );
    throw new Error(`Claim ${id}: the ${what} touched no row, yet nothing explains why`);
  }
}
