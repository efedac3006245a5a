import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { ListPage } from '@/lib/list-state';
import { acme, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const vera = {
  userId: '00000000-0000-4000-8000-000000000001',
  name: 'Vera Viewer',
  email: 'viewer@acme.example',
  role: 'viewer',
  status: 'active',
  memberSince: '2026-01-15T09:00:00.000Z',
};
const ada = {
  userId: '00000000-0000-4000-8000-000000000002',
  name: 'Ada Admin',
  email: 'admin@acme.example',
  role: 'admin',
  status: 'invited',
  memberSince: '2026-02-01T09:00:00.000Z',
};

const membersPage = (items: unknown[], extra: Partial<ListPage<unknown>> = {}) =>
  Response.json(listPage(items, extra));

function membersApi(answer: (url: URL) => Response) {
  return mockApi({
    'GET /api/me': () => Response.json(viewerSession),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    'GET /api/partners/acme-outdoor/members': (request) => answer(new URL(request.url)),
  });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Members' }))
    .getAllByRole('row')
    .slice(1);

describe('members', () => {
  it('lists name, email, role, status and member since, and names the tab', async () => {
    membersApi(() => membersPage([ada, vera]));
    renderRoute('/acme-outdoor/members');

    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Ada Admin' })).toBeInTheDocument();
    const [first] = rows();
    expect(first).toHaveTextContent('admin@acme.example');
    expect(first).toHaveTextContent('Admin');
    expect(first).toHaveTextContent('Invited');
    expect(first).toHaveTextContent('2026');
    expect(screen.getByRole('navigation', { name: 'Pages of members' })).toHaveTextContent(
      '2 members',
    );
    await waitFor(() => expect(document.title).toBe('Members · acme-outdoor · Partner Portal'));
  });

  it('sorts through the URL and asks the API for that sort; pages with its cursors', async () => {
    const api = membersApi((url) =>
      url.searchParams.get('cursor') === 'after-vera'
        ? membersPage([ada], { prevCursor: 'before-ada', total: 2 })
        : membersPage([vera], { nextCursor: 'after-vera', total: 2 }),
    );
    const { router } = renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();
    await screen.findByRole('rowheader', { name: 'Vera Viewer' });
    const asked = () =>
      api.requests
        .filter((request) => new URL(request.url).pathname.endsWith('/members'))
        .map((request) => new URL(request.url).search);
    expect(asked()).toEqual(['?sort=name']);

    await user.click(screen.getByRole('button', { name: /Member since/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=memberSince'));
    await waitFor(() => expect(asked().at(-1)).toBe('?sort=memberSince'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=memberSince&cursor=after-vera');
    expect(asked().at(-1)).toBe('?sort=memberSince&cursor=after-vera');
  });

  it('is reached from the user menu', async () => {
    membersApi(() => membersPage([vera]));
    const { router } = renderRoute('/acme-outdoor/overview');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account: Vera Viewer' }));
    await user.click(screen.getByRole('menuitem', { name: 'Members' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/acme-outdoor/members'));
    expect(await screen.findByRole('rowheader', { name: 'Vera Viewer' })).toBeInTheDocument();
  });
});
