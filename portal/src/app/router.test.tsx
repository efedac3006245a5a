import { screen, waitFor, within } from '@testing-library/react';

import { acme, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const signedOut = () =>
  mockApi({
    'GET /api/me': () => problem(401, 'unauthorized'),
    'POST /api/auth/refresh': () => problem(401, 'unauthorized'),
    'GET /api/auth/invitations/abc': () =>
      Response.json({ email: 'new@acme.example', partner: acme }),
    'GET /api/auth/password-resets/abc': () => Response.json({ email: 'viewer@acme.example' }),
  });

const signedInAsViewer = () =>
  mockApi({
    'GET /api/me': () => Response.json(viewerSession),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    // A partner without items yet.
    'GET /api/partners/acme-outdoor/inventory': () => Response.json(listPage([])),
    'GET /api/partners/acme-outdoor/inventory/facets': () =>
      Response.json({ categories: [], warehouses: [] }),
    'GET /api/partners/acme-outdoor/inventory/item-1': () => problem(404, 'not_found'),
    // Nor claims.
    'GET /api/partners/acme-outdoor/claims': () => Response.json(listPage([])),
    'GET /api/partners/acme-outdoor/claims/facets': () =>
      Response.json({ statuses: [], types: [] }),
    'GET /api/partners/acme-outdoor/claims/claim-1': () => problem(404, 'not_found'),
    // Nor anything to chart.
    'GET /api/partners/acme-outdoor/overview': () =>
      Response.json({
        asOf: '2026-11-25T10:00:00.000Z',
        timeZone: 'Europe/Berlin',
        currency: 'EUR',
        kpis: [],
        needsAttention: { items: [], nextCursor: null, total: 0 },
        recentActivity: [],
      }),
    'GET /api/partners/acme-outdoor/analytics': () =>
      Response.json({
        from: '2026-08-28',
        to: '2026-11-25',
        granularity: 'week',
        timeZone: 'Europe/Berlin',
        currency: 'EUR',
        series: [],
      }),
    'GET /api/partners/acme-outdoor/analytics/top-items': () =>
      Response.json({
        from: '2026-08-28',
        to: '2026-11-25',
        timeZone: 'Europe/Berlin',
        items: [],
      }),
  });

describe('signed-out screens', () => {
  beforeEach(signedOut);

  it('sends / to the sign-in screen', async () => {
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('');
  });

  it.each([
    ['/signin', 'Sign in', 'Sign in · Partner Portal', ['Email', 'Password']],
    ['/forgot-password', 'Forgot your password?', 'Forgot password · Partner Portal', ['Email']],
    [
      '/reset-password?token=abc',
      'Choose a new password',
      'Choose a new password · Partner Portal',
      ['New password', 'Repeat the new password'],
    ],
    [
      '/welcome?token=abc',
      'Join Acme Outdoor Co.',
      'Accept your invitation · Partner Portal',
      ['Your name', 'Password', 'Repeat the password'],
    ],
  ])('%s shows its heading, title and fields', async (path, heading, title, fields) => {
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
    const form = screen.getByRole('form');
    for (const field of fields) {
      // The label ends with ui-kit's required mark, hidden from assistive technology.
      expect(within(form).getByLabelText(new RegExp(`^${field}\\s*\\*?$`))).toBeRequired();
    }
    const submit = within(form)
      .getAllByRole('button')
      .filter((button) => button.getAttribute('type') === 'submit');
    expect(submit).toHaveLength(1);
  });

  it('sends a partner screen to sign in, and back there afterwards', async () => {
    const { router } = renderRoute('/acme-outdoor/claims?status=draft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/acme-outdoor/claims?status=draft',
    );
  });

  it('links the sign-in screen to the forgotten-password screen', async () => {
    renderRoute('/signin');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('partner screens', () => {
  beforeEach(signedInAsViewer);

  it('sends /:partnerSlug to its overview', async () => {
    const { router } = renderRoute('/acme-outdoor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-outdoor/overview');
  });

  it.each([
    ['/acme-outdoor/overview', 'Overview', 'Overview', 'Welcome! Nothing to show yet'],
    ['/acme-outdoor/analytics', 'Analytics', 'Analytics', 'Nothing happened in this period'],
    ['/acme-outdoor/inventory', 'Inventory', 'Inventory', 'No inventory yet'],
    ['/acme-outdoor/claims', 'Claims', 'Claims', 'No claims yet'],
  ])('%s renders "%s" in the app shell', async (path, heading, section, empty) => {
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} · acme-outdoor · Partner Portal`));
    expect(await screen.findByRole('heading', { level: 2, name: empty })).toBeInTheDocument();

    const navigation = screen.getByRole('navigation', { name: 'Partner sections' });
    const links = within(navigation).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Analytics',
      'Inventory',
      'Claims',
    ]);
    expect(within(navigation).getByRole('link', { name: section })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const link of links.filter((link) => link.textContent !== section)) {
      expect(link).not.toHaveAttribute('aria-current');
    }

    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('link', { name: /skip to/i })).toHaveAttribute('href', '#main-content');
    // One partner: its name, no switcher. The user menu names the person.
    expect(screen.getByText('Acme Outdoor Co.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account: Vera Viewer, VV' })).toBeInTheDocument();
  });

  it('links every section of the partner', async () => {
    renderRoute('/acme-outdoor/overview');
    const navigation = await screen.findByRole('navigation', { name: 'Partner sections' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/acme-outdoor/overview',
      '/acme-outdoor/analytics',
      '/acme-outdoor/inventory',
      '/acme-outdoor/claims',
    ]);
  });
});

describe('screen loaders', () => {
  it.each([
    ['/acme-outdoor/overview', ['GET /api/partners/acme-outdoor/overview']],
    [
      '/acme-outdoor/inventory?sort=-value',
      [
        'GET /api/partners/acme-outdoor/inventory',
        'GET /api/partners/acme-outdoor/inventory/facets',
      ],
    ],
    [
      '/acme-outdoor/claims',
      ['GET /api/partners/acme-outdoor/claims', 'GET /api/partners/acme-outdoor/claims/facets'],
    ],
  ])(
    '%s asks for its data beside the session, before the partner has answered',
    async (path, screenRequests) => {
      const api = signedInAsViewer();
      let answerPartner = () => {};
      api.on({
        'GET /api/partners/acme-outdoor': () =>
          new Promise<Response>((resolve) => {
            answerPartner = () => resolve(Response.json(partnerBody(acme)));
          }),
      });
      renderRoute(path);

      await waitFor(() => expect(api.calls).toEqual(expect.arrayContaining(screenRequests)));
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
      answerPartner();
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      // Asked once: the screen found its requests under way.
      for (const request of screenRequests) {
        expect(api.calls.filter((call) => call === request)).toHaveLength(1);
      }
    },
  );

  it('asks for the page of the list its URL names', async () => {
    const api = signedInAsViewer();
    renderRoute('/acme-outdoor/inventory?sort=-value&stock=low&q=tent');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    const lists = api.requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/api/partners/acme-outdoor/inventory');
    expect(lists.map((url) => url.search)).toEqual(['?q=tent&stock=low&sort=-value']);
  });

  it('asks for nothing of a path that cannot be a partner', async () => {
    const api = signedInAsViewer();
    renderRoute('/Not_A_Slug/inventory');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('not found', () => {
  beforeEach(signedInAsViewer);

  it.each(['/no/such/page', '/acme-outdoor/no-such-section', '/Not_A_Slug/overview'])(
    '%s shows the 404 screen',
    async (path) => {
      renderRoute(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
        'href',
        '/',
      );
      await waitFor(() => expect(document.title).toBe('Page not found · Partner Portal'));
      expect(screen.queryByText(/Application error/)).not.toBeInTheDocument();
    },
  );

  // docs/product.md §3: an unknown claim or item of a partner one sees is not the bare site 404.
  it.each([
    ['/acme-outdoor/inventory/item-1', 'Inventory'],
    ['/acme-outdoor/claims/claim-1', 'Claims'],
  ])('%s shows the not-found screen inside the partner shell', async (path, section) => {
    renderRoute(path);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    const sections = screen.getByRole('navigation', { name: 'Partner sections' });
    expect(within(sections).getByRole('link', { name: section })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Acme Outdoor Co.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the overview' })).toHaveAttribute(
      'href',
      '/acme-outdoor/overview',
    );
    await waitFor(() =>
      expect(document.title).toBe('Page not found · acme-outdoor · Partner Portal'),
    );
    expect(screen.queryByText(/Application error/)).not.toBeInTheDocument();
  });
});
