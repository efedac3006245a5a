import { ProblemException, type ProblemFieldError } from '../common/problem-details.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import {
  allowedActions,
  CLAIM_FILING_WINDOW_DAYS,
  type ClaimActor,
  claimActors,
  withheldFrom,
} from './claim-lifecycle.js';
import { claimDtoFor } from './claim.mapper.js';
import type { ClaimRecord } from './claims.repository.js';

/** The claims' refusals (docs/api.md, Claims: the checks and their order), shared by filing and transitions. */

export function claimNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such claim.');
}

export function invalid(errors: ProblemFieldError[]): ProblemException {
  return new ProblemException(400, 'validation', 'The request is invalid.', errors);
}

export function forbidden(): ProblemException {
  return new ProblemException(403, 'forbidden', 'Your role does not allow this.');
}

/**
 * docs/product.md §3a: staff who acted on a claim for its partner, or are its members, do not decide
 * it; whoever gave a pending first approval does not complete it (`first_approver`).
 */
export function separationOfDuties(why: 'separated' | 'first_approver' = 'separated'): ProblemException {
  return new ProblemException(
    403,
    'separation_of_duties',
    why === 'first_approver'
      ? 'You gave the pending first approval of this claim: another staff member completes it.'
      : 'You filed, edited or belong to the partner of this claim: another staff member decides it.',
  );
}

/** docs/product.md §3a: the second approval may approve at most what the first one did. */
export function aboveFirstApproval(pendingAmount: number): ProblemException {
  return invalid([
    {
      field: 'amountApproved',
      message: `amountApproved must be 1..${pendingAmount}: the pending first approval is of ${pendingAmount}; a second approval may lower it, not raise it (request info or reject to start over).`,
    },
  ]);
}

/** docs/product.md §4, "Claims you can trust": the movement's window has closed. */
export function filingWindowClosed(deadline: string): ProblemException {
  return new ProblemException(
    422,
    'filing_window_closed',
    `The filing window of this movement closed on ${deadline} (${CLAIM_FILING_WINDOW_DAYS} days after it).`,
    undefined,
    { members: { claimDeadline: deadline } },
  );
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

/**
 * The checks of a change before its statement, in the order of docs/api.md: no such claim 404, a
 * role that can never do it 403, staff `separated` from the claim 403, no If-Match 428, another
 * version 412 (with the current claim), not allowed from this status 409 (with the allowed actions).
 */
export function preconditions(
  context: PartnerContext,
  today: string,
  claim: ClaimRecord | undefined,
  who: readonly ClaimActor[],
  versions: number[] | undefined,
  allowedFrom: (claim: ClaimRecord) => boolean,
  separated: false | 'separated' | 'first_approver' = false,
): ClaimRecord {
  if (claim === undefined) throw claimNotFound();
  const actors = claimActors(context);
  if (!actors.some((actor) => who.includes(actor))) throw forbidden();
  if (separated !== false) throw separationOfDuties(separated);
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
        members: { claim: claimDtoFor(context, claim, today) },
        headers: { etag: `"${claim.version}"` },
      },
    );
  }
  if (!allowedFrom(claim)) {
    const allowed = allowedActions(claim.status, actors, withheldFrom(context, claim));
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

/**
 * The answer when the guarded statement touched no row and the claim as read afterwards explains
 * nothing, attempt after attempt (docs/api.md, check 10): a conflict to retry, never a 500.
 */
export function transitionUnexplained(): ProblemException {
  return new ProblemException(
    409,
    'transition_conflict',
    'The claim changed while this action was applied; reload it and try again.',
  );
}

export function movementAlreadyClaimed(): ProblemException {
  return new ProblemException(
    409,
    'movement_already_claimed',
    'This movement already has a claim (withdraw it to file another).',
  );
}
