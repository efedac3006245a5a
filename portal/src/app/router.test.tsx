import { screen, waitFor, within } from '@testing-library/react';

import { renderRoute } from '@/testing/render-route';

describe('signed-out screens', () => {
  it('sends / to the sign-in screen', async () => {
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
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
      'Accept your invitation',
      'Accept your invitation · Partner Portal',
      ['Your name', 'Password'],
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
    expect(within(form).getByRole('button')).toHaveAttribute('type', 'submit');
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
  it('sends /:partnerSlug to its overview', async () => {
    const { router } = renderRoute('/acme-outdoor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-outdoor/overview');
  });

  it.each([
    ['/acme-outdoor/overview', 'Overview', 'Overview', 'Nothing to show yet'],
    ['/acme-outdoor/analytics', 'Analytics', 'Analytics', 'No analytics to show yet'],
    ['/acme-outdoor/inventory', 'Inventory', 'Inventory', 'No inventory to show yet'],
    [
      '/acme-outdoor/inventory/item-1',
      'Inventory item',
      'Inventory',
      'No item details to show yet',
    ],
    ['/acme-outdoor/claims', 'Claims', 'Claims', 'No claims to show yet'],
    ['/acme-outdoor/claims/claim-1', 'Claim', 'Claims', 'No claim details to show yet'],
  ])('%s renders "%s" in the app shell', async (path, heading, section, empty) => {
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} · acme-outdoor · Partner Portal`));
    expect(screen.getByRole('heading', { level: 2, name: empty })).toBeInTheDocument();

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
    expect(screen.getByText('acme-outdoor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
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

describe('not found', () => {
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
});
