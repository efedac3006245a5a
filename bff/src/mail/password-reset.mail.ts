import type { MailMessage } from './mail.service.js';

export interface PasswordResetLinkMail {
  to: { email: string; name: string };
  /** `${PUBLIC_URL}/reset-password?token=…`: from the configuration, never from a request's Host. */
  link: string;
}

/** The reset link, on request (docs/product.md §5, password reset token: 30 minutes, single use). */
export function passwordResetLinkMail(mail: PasswordResetLinkMail): MailMessage {
  return {
    to: mail.to.email,
    subject: 'Reset your partner portal password',
    text: `Hello ${mail.to.name},\n\nSomeone asked to reset the password of your partner portal account. To choose a new password, open this link within 30 minutes:\n\n${mail.link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    link: mail.link,
  };
}

export interface PasswordChangedMail {
  to: { email: string; name: string };
  /** `${PUBLIC_URL}/forgot-password`. */
  forgotPasswordUrl: string;
}

/** The notice after a reset (docs/product.md §5, after a password reset): every session ended. */
export function passwordChangedMail(mail: PasswordChangedMail): MailMessage {
  return {
    to: mail.to.email,
    subject: 'Your partner portal password was changed',
    text: `Hello ${mail.to.name},\n\nThe password of your partner portal account was just changed, and every session was signed out. If this was not you, reset your password at ${mail.forgotPasswordUrl} and tell your administrator.\n`,
  };
}
