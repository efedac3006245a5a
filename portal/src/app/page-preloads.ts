/**
 * What the first load of a partner or staff page needs beyond the entry's scripts, for the server to name in
 * the app shell it sends: the page's route modules (`<link rel="modulepreload">`, with their styles)
 * and the API GETs its loaders and screen send (`<link rel="preload" as="fetch">`). The browser then
 * fetches them beside the entry's scripts instead of one round trip after another once those have run
 * (docs/performance.md, Lighthouse). The build turns the modules into their chunks
 * (`dist/.vite/page-preloads.json`, vite.config.ts); the BFF fills in the page's parameters
 * (bff/src/web/page-preloads.ts).
 *
 * Plain data, read by vite.config.ts too: no imports. `page-preloads.test.tsx` holds every request
 * here to one the page really sends on its first load, so that no preload goes unused.
 */

export interface PagePreload {
  /** The page's path, `:name` for a parameter (`:partnerSlug` is checked as a slug by the BFF). */
  path: string;
  /** Route modules, from the portal's folder, whose chunks (and their imports) the page runs. */
  modules: readonly string[];
  /** API GETs the first load sends whatever the page's query string. */
  requests: readonly string[];
  /**
   * API GETs the first load sends when the page's URL has no query string: a list's default first
   * page (its filters, sort and cursor live in the query string).
   */
  requestsWithoutQuery?: readonly string[];
}

const partnerLayout = 'src/features/partners/routes/partner-layout.tsx';

/** Every partner page: the session, then the partner (partner-loader.ts). */
const session = ['/api/me', '/api/partners/:partnerSlug'] as const;

export const pagePreloads: readonly PagePreload[] = [
  {
    path: '/:partnerSlug/overview',
    modules: [partnerLayout, 'src/features/overview/routes/overview.tsx'],
    requests: [...session, '/api/partners/:partnerSlug/overview'],
  },
  {
    // The analytics request names a date range the screen computes from today: not preloaded.
    path: '/:partnerSlug/analytics',
    modules: [partnerLayout, 'src/features/analytics/routes/analytics.tsx'],
    requests: session,
  },
  {
    path: '/:partnerSlug/inventory',
    modules: [partnerLayout, 'src/features/inventory/routes/inventory.tsx'],
    requests: [...session, '/api/partners/:partnerSlug/inventory/facets'],
    requestsWithoutQuery: ['/api/partners/:partnerSlug/inventory?sort=sku'],
  },
  {
    path: '/:partnerSlug/inventory/:itemId',
    modules: [partnerLayout, 'src/features/inventory/routes/inventory-item.tsx'],
    requests: session,
  },
  {
    path: '/:partnerSlug/claims',
    modules: [partnerLayout, 'src/features/claims/routes/claims.tsx'],
    requests: session,
    // The tabs' counts follow the list's filters: without a query string, the partner's all.
    requestsWithoutQuery: [
      '/api/partners/:partnerSlug/claims?sort=-createdAt',
      '/api/partners/:partnerSlug/claims/facets',
    ],
  },
  {
    path: '/:partnerSlug/claims/:claimId',
    modules: [partnerLayout, 'src/features/claims/routes/claim.tsx'],
    requests: session,
  },
  {
    path: '/:partnerSlug/members',
    modules: [partnerLayout, 'src/features/members/routes/members.tsx'],
    requests: session,
  },
];

const staffLayout = 'src/features/staff/routes/staff-layout.tsx';

/**
 * The staff workspace's pages (docs/product.md §3a): the session (staff-loader.ts), then what the
 * route's loader prefetches (`prefetchQueue`, `prefetchPartners`).
 */
export const staffPagePreloads: readonly PagePreload[] = [
  {
    path: '/staff',
    modules: [staffLayout, 'src/features/staff/routes/queue.tsx'],
    requests: ['/api/me', '/api/staff/summary'],
    requestsWithoutQuery: ['/api/staff/claims?sort=waitingSince'],
  },
  {
    path: '/staff/partners',
    modules: [staffLayout, 'src/features/staff/routes/partners.tsx'],
    requests: ['/api/me'],
    requestsWithoutQuery: ['/api/staff/partners?sort=name'],
  },
];

/** Every page the BFF names preloads for (the build's table, vite.config.ts). */
export const allPagePreloads: readonly PagePreload[] = [...pagePreloads, ...staffPagePreloads];
