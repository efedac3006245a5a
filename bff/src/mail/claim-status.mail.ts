import type { ClaimAction } from '../claims/claim-lifecycle.js';
import type { MailMessage } from './mail.service.js';
import { settingsFooter } from './notification-settings.js';

/** What happened, as the e-mail's sentence says it of the claim (its subject names the same). */
const ACTION_LINES: Readonly<Record<ClaimAction, string>> = {
  submit: 'was submitted for review',
  withdraw: 'was withdrawn',
  start_review: 'is being reviewed',
  request_info: 'needs more information from you: answer the question below on the claim',
  respond: 'has your answer to the information request and is back in review',
  approve: 'was approved',
  reject: 'was rejected',
  mark_paid: 'was paid out',
};

/** The subject's few words for each action. */
const ACTION_SUBJECTS: Readonly<Record<ClaimAction, string>> = {
  submit: 'submitted',
  withdraw: 'withdrawn',
  start_review: 'in review',
  request_info: 'information requested',
  respond: 'information request answered',
  approve: 'approved',
  reject: 'rejected',
  mark_paid: 'paid',
};

/** What the message of each action is, when it has one. */
const MESSAGE_LABELS: Readonly<Record<ClaimAction, string>> = {
  submit: 'Message',
  withdraw: 'Message',
  start_review: 'Message',
  request_info: 'Question',
  respond: 'Answer',
  approve: 'Message',
  reject: 'Reason',
  mark_paid: 'Message',
};

export interface ClaimStatusMail {
  to: { email: string; name: string };
  partnerName: string;
  claimNumber: string;
  action: ClaimAction;
  /** Who made the change (never the recipient: nobody is e-mailed about their own change). */
  actorName: string;
  /** The transition's message or reason, if it had one. */
  message: string | null;
  /** "500.00 EUR": the amount claimed, stated on every e-mail. */
  amountClaimed: string;
  /** "250.00 EUR" once approved (on the approval and the payment). */
  amountApproved: string | null;
  /** On the payment. */
  payoutReference: string | null;
  /** `${PUBLIC_URL}/{slug}/claims/{id}`: from the configuration, never from a request's Host. */
  link: string;
  /** The recipient's notification settings of the claim's partner (`notificationSettingsUrl`). */
  settingsLink: string;
}

/**
 * The e-mail to a claim's creator on each status change made by someone else (docs/product.md §4,
 * claim lifecycle): one sentence of what happened and who did it, then the amounts (claimed; approved
 * once approved), the payout reference of a payment, and the message, question, answer or reason.
 */
export function claimStatusMail(mail: ClaimStatusMail): MailMessage {
  const lines = [
    `Hello ${mail.to.name},`,
    '',
    `Claim ${mail.claimNumber} of ${mail.partnerName} ${ACTION_LINES[mail.action]} (by ${mail.actorName}).`,
    '',
    `Amount claimed: ${mail.amountClaimed}`,
  ];
  if (mail.amountApproved !== null) lines.push(`Amount approved: ${mail.amountApproved}`);
  if (mail.payoutReference !== null) lines.push(`Payout reference: ${mail.payoutReference}`);
  if (mail.message !== null) {
    lines.push('', `${MESSAGE_LABELS[mail.action]}:`, mail.message);
  }
  lines.push('', `Open the claim: ${mail.link}`, '', ...settingsFooter(mail.settingsLink));
  return {
    to: mail.to.email,
    subject: `Claim ${mail.claimNumber}: ${ACTION_SUBJECTS[mail.action]}`,
    text: lines.join('\n'),
    link: mail.link,
  };
}
