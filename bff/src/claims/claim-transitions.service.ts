import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditService, type AuditAction } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { majorUnits } from '../common/money.js';
import { partnerToday } from '../common/partner-day.js';
import { ProblemException, type ProblemFieldError } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { notificationSettingsUrl } from '../mail/notification-settings.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { actorOf, type PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import { keyActorName } from '../auth/decorators/scopes.decorator.js';
import {
  type AttachmentContentType,
  CLAIM_TYPES,
  claimDeadlineOf,
  type ClaimAction,
  claimActors,
  type ClaimType,
  isFirstApprover,
  REQUIRED_EVIDENCE,
  secondApprovalThreshold,
  STAFF_ACTIONS,
  transitionOf,
} from './claim-lifecycle.js';
import { formatClaimNumber } from './claim-number.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { claimDtoFor, filingWindow, missingOf, publicClaimDto } from './claim.mapper.js';
import {
  filingWindowClosed,
  ifMatchVersions,
  invalid,
  preconditions,
  transitionUnexplained,
} from './claim.problems.js';
import {
  type ClaimRecord,
  ClaimsRepository,
  type TransitionStatement,
} from './claims.repository.js';
import type { ClaimDto, ClaimTransitionDto } from './dto/claims.dto.js';

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

/** Thrown inside a transition's transaction when a concurrent change slipped in: roll back, retry. */
class ConcurrentChange extends Error {}

/**
 * A claim's lifecycle (docs/product.md §4): every status change goes through the lifecycle table
 * (`claim-lifecycle.ts`) and one guarded statement, partner-scoped; a refusal is explained from the
 * claim as it is now; the creator's e-mail is enqueued in the transition's transaction.
 */
@Injectable()
export class ClaimTransitionsService {
  constructor(
    private readonly claims: ClaimsRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly webhooks: WebhookEvents,
  ) {}

  private today(context: PartnerContext): string {
    return partnerToday(this.clock.now(), context.partner.timeZone);
  }

  private dto(context: PartnerContext, claim: ClaimRecord): ClaimDto {
    return claimDtoFor(context, claim, this.today(context));
  }

  /**
   * A lifecycle action (docs/product.md §4): ONE guarded UPDATE with its event (and the audit row of
   * a decision) in a transaction; when it touches no row, the claim is read once to say why (404,
   * 403, 428, 412, 409, 400, 422, in that order). The e-mails are enqueued in the same transaction.
   */
  async transition(
    context: PartnerContext,
    id: string,
    body: ClaimTransitionDto,
    ifMatch: string | undefined,
    ip: string | null = null,
  ): Promise<ClaimDto> {
    const partnerId = context.partner.id;
    const rule = transitionOf(body.action);
    const versions = ifMatchVersions(ifMatch);
    const actors = claimActors(context);
    const fieldErrors = this.requirementErrors(body);
    // Separation of duties (docs/product.md §3a) is a condition of the statement, not a read before it.
    const staffActor =
      STAFF_ACTIONS.includes(body.action) && actors.includes('staff')
        ? (context.userId ?? undefined)
        : undefined;
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
        ...(rule.secondApproval === true
          ? {
              secondApproval: {
                // A claim's currency is its partner's, copied when filed and never changed.
                thresholdMinor: secondApprovalThreshold(
                  this.config.secondApprovalAbove,
                  context.partner.currency,
                ),
                // Staff's actions alone have a second approval: a person.
                actor: context.userId ?? '',
              },
            }
          : {}),
        ...(body.action === 'mark_paid' ? { payoutReference: body.payoutReference } : {}),
      };
      for (let attempt = 1; attempt <= TRANSITION_ATTEMPTS; attempt += 1) {
        let changed: { claim: ClaimRecord; pendingApproval: boolean } | undefined;
        try {
          changed = await this.claims.transaction(async (manager) => {
            const outcome = await this.claims.transition(partnerId, id, statement, manager);
            if (outcome === undefined) return undefined;
            if (outcome.fromStatus === null) throw new ConcurrentChange();
            const { pendingApproval } = outcome;
            await this.claims.insertEvent(
              partnerId,
              id,
              pendingApproval
                ? {
                    // A first approval (docs/product.md §3a): staff-only, the status stays.
                    kind: 'approval_requested',
                    ...actorOf(context),
                    body: this.firstApprovalText(context, body),
                    at: statement.at,
                  }
                : {
                    kind: 'transition',
                    ...actorOf(context),
                    fromStatus: outcome.fromStatus,
                    toStatus: rule.to,
                    body: body.message ?? null,
                    at: statement.at,
                  },
              manager,
            );
            const claim = await this.claims.find(partnerId, id, manager);
            if (claim === undefined) throw new Error(`Claim ${id} vanished in its transition`);
            // A first approval is a decision too (docs/product.md §4, AuditLog): audited with the
            // pending amount, as the second one is with the approved amount.
            const auditAction = pendingApproval ? 'claim.approval_requested' : AUDITED[body.action];
            if (auditAction !== undefined) {
              await this.audit.recordForPartner(
                partnerId,
                {
                  action: auditAction,
                  ...actorOf(context),
                  target: `claim:${id}`,
                  ip,
                  metadata: {
                    number: formatClaimNumber(claim.number),
                    amountApproved: pendingApproval
                      ? claim.pendingApprovalAmount
                      : claim.amountApproved,
                    currency: claim.currency,
                  },
                },
                manager,
              );
            }
            // The e-mails commit with the change (docs/decisions.md, "A job queue in PostgreSQL").
            // A pending first approval is staff's alone: the partner hears of the decision only.
            if (!pendingApproval) await this.notifyCreator(context, claim, body, manager);
            if (!pendingApproval) {
              await this.webhooks.emit(
                manager,
                partnerId,
                'claim.status_changed',
                publicClaimDto(claim, this.today(context)),
              );
            }
            await this.notifyAssignee(context, claim, body, manager);
            return { claim, pendingApproval };
          });
        } catch (error) {
          if (error instanceof ConcurrentChange) continue;
          throw error;
        }
        if (changed !== undefined) {
          return this.dto(context, changed.claim);
        }
        await this.explainRefusal(context, await this.claims.find(partnerId, id), body, versions);
      }
      throw transitionUnexplained();
    }
    await this.explainRefusal(context, await this.claims.find(partnerId, id), body, versions);
    throw transitionUnexplained();
  }

  /** The staff-only event of a first approval: its amount (and the approver's message). */
  private firstApprovalText(context: PartnerContext, body: ClaimTransitionDto): string {
    const { currency } = context.partner;
    const amount = `${majorUnits(body.amountApproved ?? 0, currency)} ${currency}`;
    const line = `First approval of ${amount}: a second staff member completes it (above ${this.config.secondApprovalAbove} ${currency}).`;
    return body.message === undefined ? line : `${line}\n\n${body.message}`;
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
    const staffAction =
      current !== undefined &&
      STAFF_ACTIONS.includes(body.action) &&
      claimActors(context).includes('staff');
    // Separation of duties (docs/product.md §3a): the statement's own conditions, read to explain.
    const separated =
      staffAction &&
      context.userId !== null &&
      (await this.claims.isSeparated(context.partner.id, current.id, context.userId)) === true
        ? 'separated'
        : staffAction && rule.secondApproval === true && isFirstApprover(context, current)
          ? 'first_approver'
          : false;
    const claim = preconditions(
      context,
      this.today(context),
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
    } else if (
      rule.secondApproval === true &&
      body.amountApproved !== undefined &&
      claim.pendingApprovalAmount !== null &&
      body.amountApproved > claim.pendingApprovalAmount
    ) {
      errors.push({
        field: 'amountApproved',
        message: `amountApproved must be 1..${claim.pendingApprovalAmount}: a second approval completes the pending first approval with at most its amount (request info or reject to start over).`,
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

  /** The name an e-mail gives the one who made the change: a person's, or `key: <name>`. */
  private async actorName(
    context: PartnerContext,
    manager: EntityManager,
  ): Promise<string | undefined> {
    if (context.apiKey !== null) return keyActorName(context.apiKey.name);
    return context.userId === null ? undefined : this.claims.userName(context.userId, manager);
  }

  /**
   * Who a claim e-mail about this change goes to, if anyone: not the person who made the change
   * (nobody is e-mailed about their own change), not a person whose claim updates are off
   * (docs/product.md, Notification preferences), not a user who is gone.
   */
  private async recipient(
    context: PartnerContext,
    userId: string | null,
    manager: EntityManager,
  ): Promise<Awaited<ReturnType<ClaimsRepository['creator']>>> {
    if (userId === null || userId === context.userId) return undefined;
    if (!(await this.notifications.wantsClaimUpdates(context.partner.id, userId, manager))) {
      return undefined;
    }
    return this.claims.creator(userId, manager);
  }

  /**
   * The e-mail to the claim's assignee when the partner answers an information request or withdraws
   * the claim (docs/product.md §3a; enqueued in the transition's transaction): the claim, the
   * partner, the partner's message, the link to the claim's page; never a staff-only event's text.
   */
  private async notifyAssignee(
    context: PartnerContext,
    claim: ClaimRecord,
    body: ClaimTransitionDto,
    manager: EntityManager,
  ): Promise<void> {
    const action = body.action;
    if (action !== 'respond' && action !== 'withdraw') return;
    const assignee = await this.recipient(context, claim.assigneeUserId, manager);
    if (assignee === undefined) return;
    const actor = await this.actorName(context, manager);
    const { partner } = context;
    await this.mail.enqueue(manager, {
      template: 'claimAssignee',
      data: {
        to: assignee,
        partnerName: partner.name,
        claimNumber: formatClaimNumber(claim.number),
        action,
        actorName: actor ?? 'A former user',
        message: body.message ?? null,
        link: `${this.config.publicUrl}/${partner.slug}/claims/${claim.id}`,
        settingsLink: notificationSettingsUrl(this.config.publicUrl, partner.slug),
      },
    });
  }

  /**
   * The e-mail to the claim's creator (enqueued in the transition's transaction: it is sent once the
   * change commits), unless the creator made the change: nobody is e-mailed about their own change.
   */
  private async notifyCreator(
    context: PartnerContext,
    claim: ClaimRecord,
    body: ClaimTransitionDto,
    manager: EntityManager,
  ): Promise<void> {
    const creator = await this.recipient(context, claim.createdByUserId, manager);
    if (creator === undefined) return;
    const actor = await this.actorName(context, manager);
    const { partner } = context;
    const amount = (minor: number) => `${majorUnits(minor, claim.currency)} ${claim.currency}`;
    await this.mail.enqueue(manager, {
      template: 'claimStatus',
      data: {
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
        settingsLink: notificationSettingsUrl(this.config.publicUrl, partner.slug),
      },
    });
  }
}
