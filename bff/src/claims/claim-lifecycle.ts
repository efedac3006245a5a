import { minorUnitDigits } from '../common/money.js';
import { addDays } from '../common/partner-day.js';
import type { MembershipRole } from '../partners/membership.entity.js';

/**
 * The claim lifecycle (docs/product.md §4, "Claim lifecycle"), as the one table that the API, each
 * claim's `allowedActions`, the portal's buttons and the tests all read. Nothing else in the code
 * names a status change.
 */

export const CLAIM_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'info_requested',
  'approved',
  'rejected',
  'paid',
  'withdrawn',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_TYPES = ['lost', 'damaged', 'shortage', 'other'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

/** Who acts on a claim: a member by role, or staff (a user flag, docs/product.md §2). */
export type ClaimActor = MembershipRole | 'staff';

/** What a transition needs in its body besides the action. */
export type TransitionRequirement =
  /** `message`: a non-empty text, written to the timeline as the event's body. */
  | 'message'
  /** `amountApproved`: 1..amountClaimed, in minor units. */
  | 'amountApproved'
  /** `payoutReference`: the payout's reference. */
  | 'payoutReference'
  /** The claim is complete: incident date within the filing window, the evidence its type needs. */
  | 'complete';

export const CLAIM_ACTIONS = [
  'submit',
  'withdraw',
  'start_review',
  'request_info',
  'respond',
  'approve',
  'reject',
  'mark_paid',
] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export interface ClaimTransition {
  readonly action: ClaimAction;
  readonly from: readonly ClaimStatus[];
  readonly to: ClaimStatus;
  readonly who: readonly ClaimActor[];
  readonly requires: readonly TransitionRequirement[];
  /**
   * Above the second-approval threshold (`SECOND_APPROVAL_ABOVE`, docs/product.md §3a) the action
   * needs two different staff members: the first records a pending approval (the status stays, the
   * version rises, a staff-only `approval_requested` event), a second completes it with an amount at
   * most the pending one. Whoever gave the pending approval may not take the action while it pends.
   */
  readonly secondApproval?: boolean;
}

const PARTNER_EDITORS: readonly ClaimActor[] = ['manager', 'admin'];
const STAFF: readonly ClaimActor[] = ['staff'];

/** The lifecycle table of docs/product.md §4, row for row. */
export const CLAIM_LIFECYCLE: readonly ClaimTransition[] = [
  {
    action: 'submit',
    from: ['draft'],
    to: 'submitted',
    who: PARTNER_EDITORS,
    requires: ['complete'],
  },
  {
    action: 'withdraw',
    from: ['submitted', 'info_requested'],
    to: 'withdrawn',
    who: PARTNER_EDITORS,
    requires: [],
  },
  { action: 'start_review', from: ['submitted'], to: 'in_review', who: STAFF, requires: [] },
  {
    action: 'request_info',
    from: ['in_review'],
    to: 'info_requested',
    who: STAFF,
    requires: ['message'],
  },
  {
    action: 'respond',
    from: ['info_requested'],
    to: 'in_review',
    who: PARTNER_EDITORS,
    requires: ['message'],
  },
  {
    action: 'approve',
    from: ['in_review'],
    to: 'approved',
    who: STAFF,
    requires: ['amountApproved'],
    secondApproval: true,
  },
  { action: 'reject', from: ['in_review'], to: 'rejected', who: STAFF, requires: ['message'] },
  {
    action: 'mark_paid',
    from: ['approved'],
    to: 'paid',
    who: STAFF,
    requires: ['payoutReference'],
  },
];

/**
 * What may be done to a draft besides the lifecycle's actions (`allowedActions` lists them too,
 * docs/api.md, Claim): edit its fields and attach evidence, or delete it.
 */
export const DRAFT_ACTIONS = ['edit', 'delete'] as const;
export type DraftAction = (typeof DRAFT_ACTIONS)[number];
export type AllowedAction = ClaimAction | DraftAction;

/** Terminal (docs/product.md §4): no action of the lifecycle leaves them. */
export const TERMINAL_STATUSES: readonly ClaimStatus[] = CLAIM_STATUSES.filter(
  (status) => !CLAIM_LIFECYCLE.some((row) => row.from.includes(status)),
);

/** Open claims (docs/api.md, Overview): filed and not yet decided or paid, nor withdrawn. */
export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = [
  'submitted',
  'in_review',
  'info_requested',
  'approved',
];

/** What waits on a partner's member: information to give, drafts to finish. */
export const MEMBER_AWAITING_STATUSES: readonly ClaimStatus[] = ['info_requested', 'draft'];

/** What waits on staff: a claim to review, to decide, to pay. */
export const STAFF_AWAITING_STATUSES: readonly ClaimStatus[] = [
  'submitted',
  'in_review',
  'approved',
];

/** The statuses in which evidence may be uploaded (a draft, or while info is requested). */
export const EVIDENCE_OPEN_STATUSES: readonly ClaimStatus[] = ['draft', 'info_requested'];

/** Who may edit or delete a draft, upload evidence and comment. */
export const CLAIM_EDITORS = PARTNER_EDITORS;

/** The caller's claim actors: their member role, and `staff` when they are staff. */
export function claimActors(caller: {
  readonly role: MembershipRole | null;
  readonly isStaff: boolean;
}): readonly ClaimActor[] {
  const actors: ClaimActor[] = [];
  if (caller.role !== null) actors.push(caller.role);
  if (caller.isStaff) actors.push('staff');
  return actors;
}

export function transitionOf(action: ClaimAction): ClaimTransition {
  const transition = CLAIM_LIFECYCLE.find((row) => row.action === action);
  if (transition === undefined) throw new Error(`No lifecycle row for ${action}`);
  return transition;
}

/** The network's decisions on a claim: the actions only staff take (docs/product.md §3a). */
export const STAFF_ACTIONS: readonly ClaimAction[] = CLAIM_LIFECYCLE.filter((row) =>
  row.who.every((actor) => actor === 'staff'),
).map((row) => row.action);

/**
 * The partner's side of the lifecycle as `from>to` pairs (submit, withdraw, respond): a transition
 * event of one of them is the partner's doing (separation of duties, docs/product.md §3a).
 */
export const PARTNER_TRANSITIONS: readonly string[] = CLAIM_LIFECYCLE.filter(
  (row) => !row.who.includes('staff'),
).flatMap((row) => row.from.map((from) => `${from}>${row.to}`));

/**
 * Separation of duties (docs/product.md §3a): a staff user who is a member of the claim's partner, or
 * who created the claim or acted on it for the partner (an edit, evidence, submit, respond, withdraw),
 * takes no staff action on it.
 */
export function isSeparatedFrom(
  caller: { readonly role: MembershipRole | null; readonly userId: string | null },
  claim: { readonly createdByUserId: string | null; readonly partnerActorIds: readonly string[] },
): boolean {
  // An API key (no person) is never staff: it takes no staff action at all.
  if (caller.userId === null) return true;
  return (
    caller.role !== null ||
    claim.createdByUserId === caller.userId ||
    claim.partnerActorIds.includes(caller.userId)
  );
}

/**
 * The second approval (docs/product.md §3a): the caller gave the claim's pending first approval, so
 * they may not complete it (the `secondApproval` actions of the table are withheld from them).
 */
export function isFirstApprover(
  caller: { readonly userId: string | null },
  claim: {
    readonly pendingApprovalByUserId: string | null;
    readonly pendingApprovalAmount: number | null;
  },
): boolean {
  return (
    claim.pendingApprovalAmount !== null &&
    caller.userId !== null &&
    claim.pendingApprovalByUserId === caller.userId
  );
}

/** What separation of duties withholds from a caller on one claim (`withheldFrom`). */
export interface Withheld {
  /** `isSeparatedFrom`: every staff action. */
  readonly separated: boolean;
  /** `isFirstApprover`: the `secondApproval` actions. */
  readonly firstApprover: boolean;
}

export const NOTHING_WITHHELD: Withheld = { separated: false, firstApprover: false };

/** What separation of duties withholds from `caller` on `claim` (docs/product.md §3a). */
export function withheldFrom(
  caller: { readonly role: MembershipRole | null; readonly userId: string | null },
  claim: {
    readonly createdByUserId: string | null;
    readonly partnerActorIds: readonly string[];
    readonly pendingApprovalByUserId: string | null;
    readonly pendingApprovalAmount: number | null;
  },
): Withheld {
  return {
    separated: isSeparatedFrom(caller, claim),
    firstApprover: isFirstApprover(caller, claim),
  };
}

/** Whether separation of duties (`withheld`) refuses `action` to the caller. */
export function isWithheld(action: ClaimAction, withheld: Withheld): boolean {
  return (
    (withheld.separated && STAFF_ACTIONS.includes(action)) ||
    (withheld.firstApprover && transitionOf(action).secondApproval === true)
  );
}

/**
 * The second-approval threshold in minor units of `currency`: `SECOND_APPROVAL_ABOVE` is whole major
 * units (docs/product.md §5), scaled by the currency's digits (`common/money.ts`).
 */
export function secondApprovalThreshold(aboveMajor: number, currency: string): number {
  return aboveMajor * 10 ** minorUnitDigits(currency);
}

/**
 * What a `secondApproval` action of `amount` (minor units) does to a claim (docs/product.md §3a):
 * `single`: at or below the threshold with nothing pending, one approval decides it; `first`: above
 * it with nothing pending, it records a pending approval; `second`: a pending approval is completed.
 * The transition statement decides the same in SQL (claims.repository.ts `transition`).
 */
export function approvalStep(
  claim: { readonly pendingApprovalAmount: number | null },
  amount: number,
  thresholdMinor: number,
): 'single' | 'first' | 'second' {
  if (claim.pendingApprovalAmount !== null) return 'second';
  return amount > thresholdMinor ? 'first' : 'single';
}

/**
 * The actions `actors` may take now on a claim in `status`, in the table's order, less what
 * separation of duties withholds from the caller (`withheldFrom`).
 */
export function allowedActions(
  status: ClaimStatus,
  actors: readonly ClaimActor[],
  withheld: Withheld = NOTHING_WITHHELD,
): AllowedAction[] {
  const may = (who: readonly ClaimActor[]): boolean => actors.some((actor) => who.includes(actor));
  const actions: AllowedAction[] = CLAIM_LIFECYCLE.filter(
    (row) => row.from.includes(status) && may(row.who) && !isWithheld(row.action, withheld),
  ).map((row) => row.action);
  if (status === 'draft' && may(CLAIM_EDITORS)) actions.push(...DRAFT_ACTIONS);
  return actions;
}

/**
 * A claim's displayed state: "partially approved" when the approval is below the claimed amount
 * (docs/product.md §4); the status otherwise.
 */
export function isPartiallyApproved(claim: {
  readonly status: ClaimStatus;
  readonly amountApproved: number | null;
  readonly amountClaimed: number;
}): boolean {
  return (
    (claim.status === 'approved' || claim.status === 'paid') &&
    claim.amountApproved !== null &&
    claim.amountApproved < claim.amountClaimed
  );
}

/** The filing window (docs/product.md §5): the incident at most this many days before submission. */
export const CLAIM_FILING_WINDOW_DAYS = 60;

/**
 * The movement kind each type of claim is filed from (docs/product.md §4, "Claims you can trust"):
 * lost, damaged and shortage claims need one of their item; only `other` stands without one.
 */
export const MOVEMENT_KIND_OF: Readonly<Record<ClaimType, 'loss' | 'damage' | 'receipt' | null>> = {
  lost: 'loss',
  damaged: 'damage',
  shortage: 'receipt',
  other: null,
};

/** The claim type a movement of `kind` is claimed by; undefined for the kinds never claimed. */
export function claimTypeOf(kind: string): ClaimType | undefined {
  return CLAIM_TYPES.find((type) => MOVEMENT_KIND_OF[type] === kind);
}

/**
 * The last day a claim on a movement of `day` (`YYYY-MM-DD`, partner time) may be filed and
 * submitted: the filing window counts from the movement's day (docs/product.md §4, §5).
 */
export function claimDeadlineOf(day: string): string {
  return addDays(day, CLAIM_FILING_WINDOW_DAYS);
}

/**
 * The bounds of a claim's amounts (docs/product.md §4): units, and major units of the partner's
 * currency (turned into minor units by the currency's digits).
 */
export const MAX_CLAIM_QUANTITY = 100_000;
export const MAX_OTHER_UNIT_VALUE_MAJOR = 100_000;
export const MAX_AMOUNT_CLAIMED_MAJOR = 1_000_000;

/** Evidence (docs/product.md §4, Attachment). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_CLAIM = 10;
export const ATTACHMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/**
 * The evidence each type needs before submit (docs/product.md §4): damaged, a photo; shortage, the
 * supplier's invoice or packing list (a PDF or a picture of it); lost and other, none beyond the
 * movement or the description.
 */
export const REQUIRED_EVIDENCE: Readonly<
  Record<
    ClaimType,
    { readonly contentTypes: readonly AttachmentContentType[]; readonly label: string } | null
  >
> = {
  lost: null,
  damaged: {
    contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
    label: 'a photo of the damage',
  },
  shortage: {
    contentTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
    label: 'the supplier’s invoice or packing list',
  },
  other: null,
};

/** The description's bounds (docs/product.md §4). */
export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 5000;
