import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import type { ListPage } from '@/lib/list-state';
import { acme, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, noContent, problem, type ApiHandler } from '@/testing/mock-api';
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

    await user.click(await screen.findByRole('button', { name: 'Account: Vera Viewer, VV' }));
    await user.click(screen.getByRole('menuitem', { name: 'Members' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/acme-outdoor/members'));
    expect(await screen.findByRole('rowheader', { name: 'Vera Viewer' })).toBeInTheDocument();
  });

  it('shows a viewer no admin control, and asks for no invitations', async () => {
    const api = membersApi(() => membersPage([ada, vera]));
    renderRoute('/acme-outdoor/members');

    await screen.findByRole('rowheader', { name: 'Ada Admin' });
    expect(screen.queryByRole('button', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Leave/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Partner sections' })).queryByRole('link', {
        name: 'Members',
      }),
    ).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.includes('/invitations'))).toBe(false);
  });
});

/** The demo's admin of acme-outdoor, whose row in the list is `ada`. */
const adminSession: Session = {
  user: { id: ada.userId, email: ada.email, name: ada.name, isStaff: false },
  memberships: [{ partner: acme, role: 'admin', openClaims: 0 }],
};

const newcomer = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'new.person@acme.example',
  role: 'manager',
  invitedBy: { id: ada.userId, name: 'Ada Admin' },
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
};

function adminApi(routes: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(adminSession),
    'GET /api/partners/acme-outdoor': () => Response.json({ ...partnerBody(acme), role: 'admin' }),
    'GET /api/partners/acme-outdoor/members': () => membersPage([ada, vera]),
    'GET /api/partners/acme-outdoor/invitations': () => Response.json(listPage([newcomer])),
    ...routes,
  });
}

const pendingTable = () => screen.getByRole('table', { name: 'Pending invitations' });

describe('members, for an admin', () => {
  it('shows the controls: roles, removal, invitation, pending invitations, and a Members entry', async () => {
    adminApi();
    renderRoute('/acme-outdoor/members');

    expect(await screen.findByRole('combobox', { name: 'Role of Vera Viewer' })).toHaveValue(
      'viewer',
    );
    expect(screen.getByRole('combobox', { name: 'Role of Ada Admin' })).toHaveValue('admin');
    expect(screen.getByRole('button', { name: 'Remove Vera Viewer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave this partner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pending invitations' })).toBeVisible();
    const row = await within(pendingTable()).findByRole('row', { name: /new.person@acme.example/ });
    expect(row).toHaveTextContent('Manager');
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).toHaveTextContent('2026');
    const navigation = screen.getByRole('navigation', { name: 'Partner sections' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Analytics', 'Inventory', 'Claims', 'Members']);
    expect(within(navigation).getByRole('link', { name: 'Members' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('changes another member’s role at once', async () => {
    let role = 'viewer';
    const api = adminApi({
      'GET /api/partners/acme-outdoor/members': () => membersPage([ada, { ...vera, role }]),
      [`PATCH /api/partners/acme-outdoor/members/${vera.userId}`]: async (request) => {
        role = ((await request.json()) as { role: string }).role;
        return Response.json({ ...vera, role });
      },
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Vera Viewer' }),
      'manager',
    );

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of Vera Viewer' })).toHaveValue('manager'),
    );
    const patch = api.requests.find((request) => request.method === 'PATCH');
    expect(await patch?.json()).toEqual({ role: 'manager' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before an admin demotes themself, and says so when they are the last admin', async () => {
    const api = adminApi({
      [`PATCH /api/partners/acme-outdoor/members/${ada.userId}`]: () =>
        problem(409, 'last_admin', { detail: 'A partner keeps at least one admin.' }),
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Ada Admin' }),
      'viewer',
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Give up your admin role?' });
    expect(api.calls).not.toContain(`PATCH /api/partners/acme-outdoor/members/${ada.userId}`);

    await user.click(within(dialog).getByRole('button', { name: 'Become viewer' }));

    expect(
      await within(dialog).findByText(
        'A partner keeps at least one admin. Make someone else an admin first.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('combobox', { name: 'Role of Ada Admin' })).toHaveValue('admin');
  });

  it('says the last admin cannot leave, in the removal dialog', async () => {
    adminApi({
      [`DELETE /api/partners/acme-outdoor/members/${ada.userId}`]: () => problem(409, 'last_admin'),
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Leave this partner' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this partner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave partner' }));

    expect(
      await within(dialog).findByText(
        'A partner keeps at least one admin. Make someone else an admin first.',
      ),
    ).toBeInTheDocument();
  });

  it('removes a member after asking', async () => {
    let members = [ada, vera];
    adminApi({
      'GET /api/partners/acme-outdoor/members': () => membersPage(members),
      [`DELETE /api/partners/acme-outdoor/members/${vera.userId}`]: () => {
        members = [ada];
        return noContent();
      },
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Vera Viewer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Vera Viewer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));

    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Vera Viewer' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('invites someone: the API’s refusals land on the fields, success says an email was sent', async () => {
    const answers = [
      () =>
        problem(400, 'validation', {
          errors: [{ field: 'email', message: 'email must be an email' }],
        }),
      () => problem(409, 'already_member', { detail: 'This person is already a member.' }),
      () =>
        Response.json(
          {
            id: newcomer.id,
            email: 'someone@acme.example',
            role: 'viewer',
            expiresAt: newcomer.expiresAt,
          },
          { status: 201 },
        ),
    ];
    const api = adminApi({
      'POST /api/partners/acme-outdoor/invitations': () => {
        const answer = answers.shift();
        if (answer === undefined) throw new Error('one invitation too many');
        return answer();
      },
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });

    // Nothing typed: said before anything is sent.
    await user.click(send);
    expect(email).toHaveAccessibleDescription(/Enter the email address of the person to invite/);
    expect(api.calls).not.toContain('POST /api/partners/acme-outdoor/invitations');

    await user.type(email, 'someone@acme.example');
    await user.click(send);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/email must be an email/));
    expect(email).toHaveFocus();

    await user.click(send);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(/already a member of this partner/),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.click(send);
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(
      screen.getByText(/We emailed an invitation to someone@acme.example/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invite someone' })).not.toBeInTheDocument();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(await posts.at(-1)?.json()).toEqual({ email: 'someone@acme.example', role: 'viewer' });
    // The pending invitations are asked again.
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call === 'GET /api/partners/acme-outdoor/invitations'),
      ).toHaveLength(2),
    );
  });

  it('revokes a pending invitation: its row goes', async () => {
    let pending = [newcomer];
    const api = adminApi({
      'GET /api/partners/acme-outdoor/invitations': () => Response.json(listPage(pending)),
      [`DELETE /api/partners/acme-outdoor/invitations/${newcomer.id}`]: () => {
        pending = [];
        return noContent();
      },
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', {
        name: 'Revoke the invitation of new.person@acme.example',
      }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Revoke the invitation of new.person@acme.example?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));

    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    expect(within(pendingTable()).queryByText('new.person@acme.example')).not.toBeInTheDocument();
    expect(api.calls).toContain(`DELETE /api/partners/acme-outdoor/invitations/${newcomer.id}`);
  });

  it('says so when the invitation is no longer pending', async () => {
    adminApi({
      [`DELETE /api/partners/acme-outdoor/invitations/${newcomer.id}`]: () =>
        problem(404, 'not_found'),
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', {
        name: 'Revoke the invitation of new.person@acme.example',
      }),
    );
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));

    expect(await within(dialog).findByText(/no longer pending/)).toBeInTheDocument();
  });

  it('has designed empty and error states for the pending invitations', async () => {
    let fail = true;
    adminApi({
      'GET /api/partners/acme-outdoor/invitations': () =>
        fail ? problem(500, 'internal') : Response.json(listPage([])),
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the pending invitations" }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });
});
