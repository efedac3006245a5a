/**
 * Every URL of the product, built in one place. Screens, links and redirects use these builders
 * instead of writing paths by hand, so a route can move without a hunt through the code.
 */

const segment = (value: string): string => encodeURIComponent(value);

const partnerBase = (partnerSlug: string): string => `/${segment(partnerSlug)}`;

/** Route patterns as react-router matches them (relative to the partner area where nested). */
export const routePatterns = {
  home: '/',
  signIn: '/signin',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  welcome: '/welcome',
  staff: '/staff',
  staffPartners: '/staff/partners',
  staffApiKeys: '/staff/api-keys',
  partner: '/:partnerSlug',
  overview: 'overview',
  analytics: 'analytics',
  inventory: 'inventory',
  inventoryItem: 'inventory/:itemId',
  claims: 'claims',
  claim: 'claims/:claimId',
  members: 'members',
  notificationSettings: 'settings/notifications',
  apiKeys: 'settings/api-keys',
  webhooks: 'settings/webhooks',
  notFound: '*',
} as const;

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const encoded = search.toString();
  return encoded ? `${path}?${encoded}` : path;
};

export const paths = {
  home: (): string => '/',
  signIn: (next?: string): string => withQuery('/signin', { next }),
  forgotPassword: (): string => '/forgot-password',
  resetPassword: (token?: string): string => withQuery('/reset-password', { token }),
  welcome: (token?: string): string => withQuery('/welcome', { token }),
  /** The staff's review queue (docs/product.md §3a); `search` is its list state (`?status=…`). */
  staffQueue: (search = ''): string => (search === '' ? '/staff' : `/staff?${search}`),
  /** The staff's partner directory. */
  staffPartners: (): string => '/staff/partners',
  /** The network's API keys (staff). */
  staffApiKeys: (): string => '/staff/api-keys',
  partner: (partnerSlug: string): string => partnerBase(partnerSlug),
  overview: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/overview`,
  analytics: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/analytics`,
  inventory: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/inventory`,
  inventoryItem: (partnerSlug: string, itemId: string): string =>
    `${partnerBase(partnerSlug)}/inventory/${segment(itemId)}`,
  claims: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/claims`,
  /**
   * The claims screen with the new-claim form open: pre-filled from a loss, damage or short receipt
   * of an item (`?fileFor=<movementId>&item=<itemId>`), or empty (`?new=1`).
   */
  fileClaim: (partnerSlug: string, movementId: string, itemId: string): string =>
    withQuery(`${partnerBase(partnerSlug)}/claims`, { fileFor: movementId, item: itemId }),
  /** The claims screen filtered to one item's claims. */
  itemClaims: (partnerSlug: string, itemId: string): string =>
    withQuery(`${partnerBase(partnerSlug)}/claims`, { itemId }),
  newClaim: (partnerSlug: string): string =>
    withQuery(`${partnerBase(partnerSlug)}/claims`, { new: '1' }),
  claim: (partnerSlug: string, claimId: string): string =>
    `${partnerBase(partnerSlug)}/claims/${segment(claimId)}`,
  /**
   * A claim opened from the staff's queue: `?queue=` carries the queue's list state, so the claim's
   * "Next in queue" and "Back to queue" keep its filters.
   */
  claimFromQueue: (partnerSlug: string, claimId: string, queueSearch: string): string =>
    `${partnerBase(partnerSlug)}/claims/${segment(claimId)}?${new URLSearchParams({ queue: queueSearch }).toString()}`,
  members: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/members`,
  /** The person's notification settings of a partner (the link at the end of every e-mail). */
  notificationSettings: (partnerSlug: string): string =>
    `${partnerBase(partnerSlug)}/settings/notifications`,
  /** The partner's API keys (admins). */
  apiKeys: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/settings/api-keys`,
  /** The partner's webhook endpoints (admins). */
  webhooks: (partnerSlug: string): string => `${partnerBase(partnerSlug)}/settings/webhooks`,
} as const;
