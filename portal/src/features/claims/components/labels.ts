import type { ClaimAction } from '../api/transition-claim';
import type { ClaimType } from '../api/get-claims';

/** How a claim's type reads. */
export const claimTypeLabels: Record<ClaimType, string> = {
  lost: 'Lost',
  damaged: 'Damaged',
  shortage: 'Shortage',
  other: 'Other',
};

/** What each type is for, under the type's choice in the form. */
export const claimTypeHints: Record<ClaimType, string> = {
  lost: 'Stock the network lost (a loss movement).',
  damaged: 'Stock damaged in the network (a damage movement).',
  shortage: 'An inbound shipment received short (a receipt).',
  other: 'Anything else; the item is optional.',
};

/**
 * The evidence each type needs before submit (docs/product.md §4): what the form's checklist names
 * and which files count. The API has the final word (a draft's `missing`).
 */
export const requiredEvidence: Record<
  ClaimType,
  { label: string; accepts: (contentType: string) => boolean } | null
> = {
  lost: null,
  damaged: {
    label: 'A photo of the damage',
    accepts: (contentType) => contentType.startsWith('image/'),
  },
  shortage: {
    label: 'The supplier’s invoice or packing list (PDF or a photo of it)',
    accepts: (contentType) => contentType === 'application/pdf' || contentType.startsWith('image/'),
  },
  other: null,
};

/** A lifecycle action as a button reads, and what its dialog asks for (docs/product.md §4). */
export interface ActionCopy {
  /** The button. */
  label: string;
  /** The dialog's title. */
  title: string;
  /** The dialog's sentence. */
  description: string;
  /** The confirming button. */
  confirm: string;
  /** Destructive actions are red. */
  tone: 'primary' | 'danger';
  /** The label of the message the action sends, when it takes one. */
  message?: { label: string; required: boolean; hint?: string };
}

export const actionCopy: Record<ClaimAction, ActionCopy> = {
  submit: {
    label: 'Submit',
    title: 'Submit this claim?',
    description: 'Staff will review it. You can no longer edit it, but you can withdraw it.',
    confirm: 'Submit claim',
    tone: 'primary',
  },
  withdraw: {
    label: 'Withdraw',
    title: 'Withdraw this claim?',
    description: 'The claim ends here and is not reviewed. Its movement may be claimed again.',
    confirm: 'Withdraw claim',
    tone: 'danger',
    message: { label: 'Reason (optional)', required: false },
  },
  start_review: {
    label: 'Start review',
    title: 'Start the review?',
    description: 'The partner sees that the claim is in review.',
    confirm: 'Start review',
    tone: 'primary',
  },
  request_info: {
    label: 'Request info',
    title: 'Request information',
    description: 'The partner is asked to answer; they can add evidence meanwhile.',
    confirm: 'Request info',
    tone: 'primary',
    message: { label: 'What do you need?', required: true },
  },
  respond: {
    label: 'Respond',
    title: 'Answer the request',
    description: 'Your answer goes to staff and the claim returns to review.',
    confirm: 'Send answer',
    tone: 'primary',
    message: { label: 'Your answer', required: true },
  },
  approve: {
    label: 'Approve',
    title: 'Approve this claim',
    description: 'Approve the claimed amount, or part of it.',
    confirm: 'Approve',
    tone: 'primary',
    message: { label: 'Message (optional)', required: false },
  },
  reject: {
    label: 'Reject',
    title: 'Reject this claim',
    description: 'The partner sees the reason. A rejected claim is final.',
    confirm: 'Reject claim',
    tone: 'danger',
    message: { label: 'Reason', required: true },
  },
  mark_paid: {
    label: 'Mark paid',
    title: 'Mark this claim paid',
    description: 'Record the payout that settled the approved amount.',
    confirm: 'Mark paid',
    tone: 'primary',
  },
};

/** The timeline's title of a transition, by the status it moved to. */
export const transitionTitles: Record<string, string> = {
  submitted: 'Submitted',
  in_review: 'Review started',
  info_requested: 'Info requested',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Marked paid',
  withdrawn: 'Withdrawn',
};
