import type { MembershipRole } from '../partners/membership.entity.js';
import type { MailMessage } from './mail.service.js';
import { settingsFooter } from './notification-settings.js';

export interface InvitationMail {
  /** The invited address (there may be no account yet, so no name). */
  to: string;
  partnerName: string;
  role: MembershipRole;
  /** `${PUBLIC_URL}/welcome?token=…`: from the configuration, never from a request's Host. */
  link: string;
  /** The partner's notification settings (`notificationSettingsUrl`): theirs once they accept. */
  settingsLink: string;
}

/** The invitation to join a partner (docs/product.md §5, invitation token: 7 days, single use). */
export function invitationMail(mail: InvitationMail): MailMessage {
  return {
    to: mail.to,
    subject: `You are invited to ${mail.partnerName} on the partner portal`,
    text: [
      'Hello,',
      '',
      `You are invited to join ${mail.partnerName} on the partner portal as ${mail.role}. Open this link within 7 days to accept:`,
      '',
      mail.link,
      '',
      ...settingsFooter(mail.settingsLink),
    ].join('\n'),
    link: mail.link,
  };
}
