import type { MailMessage } from './mail.service.js';
import { settingsFooter } from './notification-settings.js';

export interface ClaimAssigneeMail {
  to: { email: string; name: string };
  partnerName: string;
  claimNumber: string;
  /** The partner's side of the lifecycle that reaches the assignee (docs/product.md §3a). */
  action: 'respond' | 'withdraw';
  /** The partner's member who did it. */
  actorName: string;
  /** The partner's answer or withdrawal message: the partner's own words, never an internal note. */
  message: string | null;
  /** `${PUBLIC_URL}/{slug}/claims/{id}`, the claim's page for staff: from the configuration. */
  link: string;
  /** The recipient's notification settings of the claim's partner (`notificationSettingsUrl`). */
  settingsLink: string;
}

/**
 * The e-mail to a claim's assignee when the partner answers an information request or withdraws the
 * claim (docs/product.md §3a): the claim, the partner, who did it, their message, the link. Nothing of
 * the staff-only timeline (notes, assignments, pending approvals) is in it.
 */
export function claimAssigneeMail(mail: ClaimAssigneeMail): MailMessage {
  const what =
    mail.action === 'respond'
      ? 'answered your information request; the claim is back in review'
      : 'withdrew the claim; it needs no decision';
  const lines = [
    `Hello ${mail.to.name},`,
    '',
    `${mail.partnerName} ${what}: claim ${mail.claimNumber}, assigned to you (by ${mail.actorName}).`,
  ];
  if (mail.message !== null) {
    lines.push('', mail.action === 'respond' ? 'Answer:' : 'Message:', mail.message);
  }
  lines.push('', `Open the claim: ${mail.link}`, '', ...settingsFooter(mail.settingsLink));
  return {
    to: mail.to.email,
    subject: `Claim ${mail.claimNumber} of ${mail.partnerName}: ${
      mail.action === 'respond' ? 'information request answered' : 'withdrawn'
    }`,
    text: lines.join('\n'),
    link: mail.link,
  };
}
