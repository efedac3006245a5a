import type { MailMessage } from './mail.service.js';
import { settingsFooter } from './notification-settings.js';

export interface WebhookDisabledMail {
  to: { email: string; name: string };
  partnerName: string;
  /** The endpoint's URL and description, as the partner registered them. */
  url: string;
  description: string | null;
  /** Why it was disabled, in words (a 410 answer, three days of failures). */
  reason: string;
  /** `${PUBLIC_URL}/{slug}/settings/webhooks`: where an admin enables it again. */
  link: string;
  /** The recipient's notification settings of the partner (`notificationSettingsUrl`). */
  settingsLink: string;
}

/**
 * The e-mail to a partner's admins when the BFF disables one of its webhook endpoints (docs/product.md
 * §3b, Webhooks): which endpoint, why, and where to enable it again.
 */
export function webhookDisabledMail(mail: WebhookDisabledMail): MailMessage {
  const lines = [
    `Hello ${mail.to.name},`,
    '',
    `A webhook endpoint of ${mail.partnerName} was disabled: ${mail.reason}.`,
    '',
    `Endpoint: ${mail.url}${mail.description === null ? '' : ` (${mail.description})`}`,
    '',
    'No events are sent to it until an admin enables it again. Events of the meantime are not sent.',
    `Webhook settings: ${mail.link}`,
    '',
    ...settingsFooter(mail.settingsLink),
  ];
  return {
    to: mail.to.email,
    subject: `${mail.partnerName}: a webhook endpoint was disabled`,
    text: lines.join('\n'),
    link: mail.link,
  };
}
