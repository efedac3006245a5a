/**
 * The link every e-mail ends with (docs/product.md, Notification preferences): the recipient's
 * notification settings of the partner the message is about. Built from PUBLIC_URL, never from a
 * request's Host.
 */
export function notificationSettingsUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/${slug}/settings/notifications`;
}

/** The closing lines of a message: where to choose what one is told, when a partner applies. */
export function settingsFooter(settingsLink: string | null): string[] {
  return settingsLink === null ? [] : ['--', `Choose which e-mails you get: ${settingsLink}`, ''];
}
