import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { meQueryKey } from '@/lib/auth';
import { acme, multiSession, northwind, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, noContent, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

describe('partner switcher', () => {
  it.each([
    ['/acme-outdoor/claims?status=draft', '/northwind/claims', 'Claims'],
    ['/acme-outdoor/inventory?stock=low', '/northwind/inventory', 'Inventory'],
    ['/acme-outdoor/analytics', '/northwind/analytics', 'Analytics'],
  ])('switches from %s to %s, keeping the section', async (from, to, heading) => {
    mockApi({
      'GET /api/me': () => Response.json(multiSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
      'GET /api/partners/northwind': () => Response.json(partnerBody(northwind)),
      ...Object.fromEntries(
        ['acme-outdoor', 'northwind'].flatMap((slug) => [
          [`GET /api/partners/${slug}/inventory`, () => Response.json(listPage([]))],
          [
            `GET /api/partners/${slug}/inventory/facets`,
            () => Response.json({ categories: [], warehouses: [] }),
          ],
          [`GET /api/partners/${slug}/claims`, () => Response.json(listPage([]))],
          [
            `GET /api/partners/${slug}/analytics`,
            () =>
              Response.json({
                from: '2026-08-28',
                to: '2026-11-25',
                granularity: 'week',
                timeZone: 'Europe/Berlin',
                currency: 'EUR',
                series: [],
              }),
          ],
          [
            `GET /api/partners/${slug}/analytics/top-items`,
            () =>
              Response.json({
                from: '2026-08-28',
                to: '2026-11-25',
                timeZone: 'Europe/Berlin',
                items: [],
              }),
          ],
          [
            `GET /api/partners/${slug}/claims/facets`,
            () => Response.json({ statuses: [], types: [] }),
          ],
        ]),
      ),
    });
    const { router } = renderRoute(from);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Partner: Acme Outdoor Co.' }));
    const menu = screen.getByRole('menu', { name: 'Partner: Acme Outdoor Co.' });
    expect(
      within(menu).getByRole('menuitem', { name: 'Acme Outdoor Co. (current)' }),
    ).toBeInTheDocument();
    const northwindLink = within(menu).getByRole('menuitem', { name: 'Northwind Goods' });
    expect(northwindLink).toHaveAttribute('href', to);
    await user.click(northwindLink);

    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Partner: Northwind Goods' }),
    ).toBeInTheDocument();
  });
});

describe('a partner the person cannot see', () => {
  it('shows the not-found screen inside the app, not the application error page', async () => {
    mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/northwind': () => problem(404, 'not_found'),
    });
    renderRoute('/northwind/overview');

    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find that partner" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your partners' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    // Still the app: the user menu is there; the unknown partner's sections and switcher are not.
    expect(screen.getByRole('button', { name: 'Account: Vera Viewer, VV' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Partner sections' })).queryAllByRole('link'),
    ).toEqual([]);
    expect(screen.queryByText(/Application error/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Partner not found · Partner Portal'));
    expect(screen.queryByRole('button', { name: /^Partner:/ })).not.toBeInTheDocument();
  });

  it('still shows the application error page when the API fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => problem(500, 'internal'),
    });
    renderRoute('/acme-outdoor/overview');

    expect(
      await screen.findByText(/Application error: a client-side exception/),
    ).toBeInTheDocument();
  });
});

describe('user menu', () => {
  it('names the person and signs out', async () => {
    const api = mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
      'POST /api/auth/signout': noContent,
    });
    document.cookie = 'csrf=csrf-from-cookie';
    const { router, queryClient } = renderRoute('/acme-outdoor/overview');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account: Vera Viewer, VV' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('viewer@acme.example')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    const signOut = api.requests.find((request) => request.url.endsWith('/api/auth/signout'));
    expect(signOut?.method).toBe('POST');
    expect(signOut?.headers.get('X-CSRF-Token')).toBe('csrf-from-cookie');
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toBeUndefined());
  });

  it('says so in a toast when signing out fails, and stays', async () => {
    mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
      'POST /api/auth/signout': () => problem(503, 'unavailable'),
    });
    const { router } = renderRoute('/acme-outdoor/overview');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account: Vera Viewer, VV' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('You are still signed in')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-outdoor/overview');
  });

  it('explains a refused security check when signing out, with a reload', async () => {
    mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
      'POST /api/auth/signout': () => problem(403, 'csrf'),
    });
    renderRoute('/acme-outdoor/overview');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account: Vera Viewer, VV' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(
      await screen.findByText('Your session security check failed. Reload the page and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not reach the server/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('when the session ends', () => {
  it('sends the person to sign in, and back here afterwards', async () => {
    const api = mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    });
    const { router, queryClient } = renderRoute('/acme-outdoor/claims?status=draft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Claims' })).toBeInTheDocument();

    // The access cookie expires, and so has the refresh session.
    api.on({
      'GET /api/partners/acme-outdoor': () => problem(401, 'unauthorized'),
      'GET /api/me': () => problem(401, 'unauthorized'),
      'POST /api/auth/refresh': () => problem(401, 'unauthorized'),
    });
    await act(() => queryClient.refetchQueries({ queryKey: ['partners', 'acme-outdoor'] }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/acme-outdoor/claims?status=draft',
    );
    expect(api.calls.filter((call) => call === 'POST /api/auth/refresh')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toBeUndefined());
  });
});
