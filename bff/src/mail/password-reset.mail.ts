import type { MailMessage } from './mail.service.js';
import { settingsFooter } from './notification-settings.js';

export interface PasswordResetLinkMail {
  to: { email: string; name: string };
  /** `${PUBLIC_URL}/reset-password?token=…`: from the configuration, never from a request's Host. */
  link: string;
  /**
   * The notification settings of the person's first partner (by name), null when they belong to none
   * (docs/product.md, Notification preferences: a message about no one partner).
   */
  settingsLink: string | null;
}

/** The reset link, on request (docs/product.md §5, password reset token: 30 minutes, single use). */
export function passwordResetLinkMail(mail: PasswordResetLinkMail): MailMessage {
  return {
    to: mail.to.email,
    subject: 'Reset your partner portal password',
    text: [
      `Hello ${mail.to.name},`,
      '',
      'Someone asked to reset the password of your partner portal account. To choose a new password, open this link within 30 minutes:',
      '',
      mail.link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
      '',
      ...settingsFooter(mail.settingsLink),
    ].join('\n'),
    link: mail.link,
  };
}

export interface PasswordChangedMail {
  to: { email: string; name: string };
  /** `${PUBLIC_URL}/forgot-password`. */
  forgotPasswordUrl: string;
  /** As the reset link's message: the first partner's notification settings, or null. */
  settingsLink: string | null;
}

/** The notice after a reset (docs/product.md §5, after a password reset): every session ended. */
export function passwordChangedMail(mail: PasswordChangedMail): MailMessage {
  return {
    to: mail.to.email,
    subject: 'Your partner portal password was changed',
    text: [
      `Hello ${mail.to.name},`,
      '',
      `The password of your partner portal account was just changed, and every session was signed out. If this was not you, reset your password at ${mail.forgotPasswordUrl} and tell your administrator.`,
      '',
      ...settingsFooter(mail.settingsLink),
    ].join('\n'),
  };
}
