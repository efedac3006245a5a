import { act, render, screen } from '@testing-library/react';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createMemoryRouter } from 'react-router-dom';

import { routePatterns } from '@/config/paths';
import { acme, partnerBody, staffSession, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi } from '@/testing/mock-api';

import { AppRoot } from '.';
import {
  allPagePreloads,
  pagePreloads,
  staffPagePreloads,
  type PagePreload,
} from './page-preloads';
import { createQueryClient } from './providers';
import { createRoutes } from './router';

// The BFF names these requests in the app shell and the browser sends them before the portal's
// scripts run; the portal's own request must then be the very same GET, or the preloaded answer
// goes unused and the request is sent twice (docs/performance.md, Lighthouse).

const slug = acme.slug;
const portalRoot = path.resolve(__dirname, '../..');

const overviewBody = {
  asOf: '2026-11-25T10:00:00.000Z',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  kpis: [],
  needsAttention: { items: [], nextCursor: null, total: 0 },
  recentActivity: [],
};

const signedIn = () =>
  mockApi({
    'GET /api/me': () => Response.json(viewerSession),
    [`GET /api/partners/${slug}`]: () => Response.json(partnerBody(acme)),
    [`GET /api/partners/${slug}/overview`]: () => Response.json(overviewBody),
    [`GET /api/partners/${slug}/inventory`]: () => Response.json(listPage([])),
    [`GET /api/partners/${slug}/inventory/facets`]: () =>
      Response.json({ categories: [], warehouses: [] }),
    [`GET /api/partners/${slug}/claims`]: () => Response.json(listPage([])),
    [`GET /api/partners/${slug}/claims/facets`]: () => Response.json({ statuses: [], types: [] }),
  });

/** The page's URL in the demo partner, an id for any other parameter. */
const urlOf = (page: PagePreload) =>
  page.path.replace(':partnerSlug', slug).replace(/:[A-Za-z]+/g, 'id-1');
const fill = (request: string) => request.replace(':partnerSlug', slug);

/** Every GET the portal sent, as path and query. */
const sent = (api: ReturnType<typeof mockApi>) =>
  api.requests
    .filter((request) => request.method === 'GET')
    .map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });

/**
 * The first load of `url` with the app's own cache settings (what the cache holds fresh is not asked
 * again), until it has settled: the page's heading, then no request in flight.
 */
async function firstLoad(url: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  render(<AppRoot router={router} queryClient={queryClient} />);
  await screen.findByRole('heading', { level: 1 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
}

describe('page preloads', () => {
  it('name pages of the partner routes, and route modules that exist', () => {
    const partnerPages = Object.values(routePatterns)
      .filter((pattern) => !pattern.startsWith('/') && pattern !== '*')
      .map((pattern) => `${routePatterns.partner}/${pattern}`);
    for (const page of pagePreloads) {
      expect(partnerPages).toContain(page.path);
      for (const module of page.modules)
        expect(existsSync(path.join(portalRoot, module))).toBe(true);
      expect(page.requests).toEqual(
        expect.arrayContaining(['/api/me', '/api/partners/:partnerSlug']),
      );
    }
  });

  it.each(pagePreloads.map((page) => [urlOf(page), page] as const))(
    '%s sends each of its preloaded requests once on its first load',
    async (url, page) => {
      const api = signedIn();
      await firstLoad(url);

      const requests = sent(api);
      for (const request of [...page.requests, ...(page.requestsWithoutQuery ?? [])]) {
        expect(requests.filter((candidate) => candidate === fill(request))).toHaveLength(1);
      }
    },
  );

  it.each([
    ['/acme-outdoor/inventory?q=tent', '/api/partners/acme-outdoor/inventory?q=tent&sort=sku'],
    [
      '/acme-outdoor/claims?status=draft',
      '/api/partners/acme-outdoor/claims?status=draft&sort=-createdAt',
    ],
  ])('%s sends its own list request, not the preloaded default one', async (url, listRequest) => {
    const api = signedIn();
    await firstLoad(url);

    const requests = sent(api);
    const page = pagePreloads.find((candidate) => urlOf(candidate) === url.split('?')[0]);
    for (const request of page?.requests ?? []) {
      expect(requests.filter((candidate) => candidate === fill(request))).toHaveLength(1);
    }
    for (const request of page?.requestsWithoutQuery ?? []) {
      expect(requests).not.toContain(fill(request));
    }
    expect(requests).toContain(listRequest);
  });
});

const staffSignedIn = () =>
  mockApi({
    'GET /api/me': () => Response.json(staffSession),
    'GET /api/staff/summary': () =>
      Response.json({
        waiting: 0,
        overdue: 0,
        oldestWaitingSince: null,
        decidedLast7Days: 0,
        medianDaysToDecision30d: null,
      }),
    'GET /api/staff/claims': () => Response.json(listPage([])),
    'GET /api/staff/partners': () => Response.json(listPage([])),
  });

describe('page preloads of the staff workspace', () => {
  it('name the staff routes and route modules that exist, and are in the build’s table', () => {
    expect(staffPagePreloads.map((page) => page.path)).toEqual([
      routePatterns.staff,
      routePatterns.staffPartners,
    ]);
    for (const page of staffPagePreloads) {
      for (const module of page.modules)
        expect(existsSync(path.join(portalRoot, module))).toBe(true);
      expect(page.requests).toContain('/api/me');
      expect(allPagePreloads).toContain(page);
    }
    for (const page of pagePreloads) expect(allPagePreloads).toContain(page);
  });

  it.each(staffPagePreloads.map((page) => [page.path, page] as const))(
    '%s sends each of its preloaded requests once on its first load',
    async (url, page) => {
      const api = staffSignedIn();
      await firstLoad(url);

      const requests = sent(api);
      for (const request of [...page.requests, ...(page.requestsWithoutQuery ?? [])]) {
        expect(requests.filter((candidate) => candidate === request)).toHaveLength(1);
      }
    },
  );

  it('/staff?overdue=true sends its own queue request, not the preloaded default one', async () => {
    const api = staffSignedIn();
    await firstLoad('/staff?overdue=true');

    const requests = sent(api);
    expect(requests).not.toContain('/api/staff/claims?sort=waitingSince');
    expect(requests).toContain('/api/staff/claims?overdue=true&sort=waitingSince');
  });
});
