import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { acme, partnerBody, staffSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { partners } from '../testing/staff-fixtures';

const DIRECTORY = '/api/staff/partners';

describe('partner directory', () => {
  it('lists every partner with its open and waiting claims, searches, and opens one', async () => {
    const api = mockApi({
      'GET /api/me': () => Response.json(staffSession),
      [`GET ${DIRECTORY}`]: (request) => {
        const q = new URL(request.url).searchParams.get('q');
        return Response.json(listPage(q === null ? partners : partners.slice(1)));
      },
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    });
    const { router } = renderRoute('/staff/partners');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Partners' });
    const acmeRow = (await within(table).findByRole('link', { name: 'acme-outdoor' })).closest(
      'tr',
    ) as HTMLElement;
    expect(acmeRow).toHaveTextContent('Acme Outdoor Co.');
    expect(acmeRow).toHaveTextContent('12');
    expect(acmeRow).toHaveTextContent('4');
    expect(acmeRow).toHaveTextContent('8 days');
    expect(within(table).getByText('Nothing waits')).toBeVisible();
    // The shell of the staff pages: Queue and Partners, this one current.
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect(within(nav).getByRole('link', { name: 'Partners' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Queue' })).toHaveAttribute('href', '/staff');

    await user.type(screen.getByRole('searchbox', { name: 'Search partners' }), 'north{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=north'));
    await waitFor(() =>
      expect(
        api.requests.map((request) => new URL(request.url).search).filter((s) => s.includes('q=')),
      ).toContain('?sort=name&q=north'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'acme-outdoor' })).not.toBeInTheDocument(),
    );

    await router.navigate('/staff/partners');
    await user.click(await screen.findByRole('link', { name: 'acme-outdoor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme-outdoor/overview'));
  });

  it('finds any partner from the shell, by name or slug, and opens its overview', async () => {
    const api = mockApi({
      'GET /api/me': () => Response.json(staffSession),
      [`GET ${DIRECTORY}`]: () => Response.json(listPage(partners.slice(0, 1))),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    });
    const { router } = renderRoute('/staff/partners');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Partners' });

    await user.click(screen.getByRole('button', { name: 'Find partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a partner' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Partner' }), 'acm');
    await user.click(await screen.findByRole('option', { name: /Acme Outdoor Co\./ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/acme-outdoor/overview'));
    const searched = api.requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === DIRECTORY && url.searchParams.has('limit'));
    expect(searched.at(-1)?.searchParams.get('q')).toBe('acm');
  });
});
