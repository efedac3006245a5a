import type { ClaimAction } from '../api/transition-claim';

/** A lifecycle action as a button reads, and what its dialog asks for (docs/product.md §4). */
export interface ActionCopy {
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
    title: 'Submit this claim?',
    description: 'Staff will review it. You can no longer edit it, but you can withdraw it.',
    confirm: 'Submit claim',
    tone: 'primary',
  },
  withdraw: {
    title: 'Withdraw this claim?',
    description: 'The claim ends here and is not reviewed. Its movement may be claimed again.',
    confirm: 'Withdraw claim',
    tone: 'danger',
    message: { label: 'Reason (optional)', required: false },
  },
  start_review: {
    title: 'Start the review?',
    description: 'The partner sees that the claim is in review.',
    confirm: 'Start review',
    tone: 'primary',
  },
  request_info: {
    title: 'Request information',
    description: 'The partner is asked to answer; they can add evidence meanwhile.',
    confirm: 'Request info',
    tone: 'primary',
    message: { label: 'What do you need?', required: true },
  },
  respond: {
    title: 'Answer the request',
    description: 'Your answer goes to staff and the claim returns to review.',
    confirm: 'Send answer',
    tone: 'primary',
    message: { label: 'Your answer', required: true },
  },
  approve: {
    title: 'Approve this claim',
    description: 'Approve the claimed amount, or part of it.',
    confirm: 'Approve',
    tone: 'primary',
    message: { label: 'Message (optional)', required: false },
  },
  reject: {
    title: 'Reject this claim',
    description: 'The partner sees the reason. A rejected claim is final.',
    confirm: 'Reject claim',
    tone: 'danger',
    message: { label: 'Reason', required: true },
  },
  mark_paid: {
    title: 'Mark this claim paid',
    description: 'Record the payout that settled the approved amount.',
    confirm: 'Mark paid',
    tone: 'primary',
  },
};
