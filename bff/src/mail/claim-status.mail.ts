import type { ClaimAction, ClaimStatus } from '../claims/claim-lifecycle.js';
import type { MailMessage } from './mail.service.js';

/** How a status reads in a sentence to the claim's creator. */
const STATUS_WORDS: Readonly<Record<ClaimStatus, string>> = {
  draft: 'a draft',
  submitted: 'submitted',
  in_review: 'in review',
  info_requested: 'waiting for more information from you',
  approved: 'approved',
  rejected: 'rejected',
  paid: 'paid',
  withdrawn: 'withdrawn',
};

/** What the message says the action did, and whether its text is shown (a message, a reason). */
const ACTION_LINES: Readonly<Record<ClaimAction, string>> = {
  submit: 'was submitted for review',
  withdraw: 'was withdrawn',
  start_review: 'is now being reviewed',
  request_info: 'needs more information from you',
  respond: 'received an answer to the information request and is back in review',
  approve: 'was approved',
  reject: 'was rejected',
  mark_paid: 'was paid out',
};

export interface ClaimStatusMail {
  to: { email: string; name: string };
  partnerName: string;
  claimNumber: string;
  action: ClaimAction;
  status: ClaimStatus;
  /** The transition's message or reason, if it had one. */
  message: string | null;
  /** "12.50 EUR" when approved. */
  amountApproved: string | null;
  payoutReference: string | null;
  /** `${PUBLIC_URL}/{slug}/claims/{id}`: from the configuration, never from a request's Host. */
  link: string;
}

/** The e-mail to a claim's creator on each status change (docs/product.md §4, claim lifecycle). */
export function claimStatusMail(mail: ClaimStatusMail): MailMessage {
  const lines = [
    `Hello ${mail.to.name},`,
    '',
    `Claim ${mail.claimNumber} of ${mail.partnerName} ${ACTION_LINES[mail.action]}. It is now ${STATUS_WORDS[mail.status]}.`,
  ];
  if (mail.amountApproved !== null) lines.push('', `Approved amount: ${mail.amountApproved}`);
  if (mail.payoutReference !== null) lines.push('', `Payout reference: ${mail.payoutReference}`);
  if (mail.message !== null) lines.push('', 'Message:', mail.message);
  lines.push('', `Open the claim: ${mail.link}`, '');
  return {
    to: mail.to.email,
    subject: `Claim ${mail.claimNumber}: ${STATUS_WORDS[mail.status]}`,
    text: lines.join('\n'),
    link: mail.link,
  };
}
