import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { meQueryKey } from '@/lib/auth';
import { acme, partnerBody } from '@/testing/fixtures';
import { mockApi, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const invitation = {
  email: 'new.person@acme.example',
  partner: acme,
  role: 'viewer' as const,
  expiresAt: '2026-11-29T10:00:00.000Z',
};
const newMember = {
  user: { id: 'u-new', email: invitation.email, name: 'Nia New', isStaff: false },
  memberships: [{ partner: acme, role: 'viewer' as const }],
};
const password = 'plaid umbrella tiger seventeen';

async function fillIn({ terms = true } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Your name/), 'Nia New');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Repeat the password/), password);
  if (terms) await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
}

describe('welcome (invitation)', () => {
  it('shows the partner and the email, then signs in and lands on the overview', async () => {
    const api = mockApi({
      'GET /api/auth/invitations/inv-1': () => Response.json(invitation),
      'POST /api/auth/invitations/inv-1/accept': () => Response.json(newMember),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    });
    const { router, queryClient } = renderRoute('/welcome?token=inv-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Acme Outdoor Co.' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Accept your invitation' });
    expect(within(form).getByText(invitation.email)).toBeInTheDocument();
    expect(within(form).getByText('Viewer')).toBeInTheDocument();

    await fillIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-outdoor/overview');
    const accept = api.requests.find((request) => request.url.endsWith('/accept'));
    expect(await accept?.json()).toEqual({ name: 'Nia New', password });
    expect(queryClient.getQueryData(meQueryKey)).toEqual(newMember);
  });

  it('asks for the terms to be accepted before sending', async () => {
    const api = mockApi({
      'GET /api/auth/invitations/inv-1': () => Response.json(invitation),
    });
    renderRoute('/welcome?token=inv-1');

    await fillIn({ terms: false });

    expect(await screen.findByText('Accept the terms of use to continue.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).toHaveFocus();
    expect(api.calls).toEqual(['GET /api/auth/invitations/inv-1']);
  });

  it('refuses a password that holds the email local part', async () => {
    mockApi({ 'GET /api/auth/invitations/inv-1': () => Response.json(invitation) });
    renderRoute('/welcome?token=inv-1');
    const user = userEvent.setup();

    const withEmail = 'new.person is my password';
    await user.type(await screen.findByLabelText(/^Password/), withEmail);
    await user.type(screen.getByLabelText(/^Repeat the password/), withEmail);
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(
      await screen.findByText('Do not use your email address in your password.'),
    ).toBeInTheDocument();
  });

  it('never rates a password holding the email’s local part as strong: the server refuses it', async () => {
    mockApi({ 'GET /api/auth/invitations/inv-1': () => Response.json(invitation) });
    renderRoute('/welcome?token=inv-1');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/^Password/);

    // Long and unguessable to zxcvbn, but it holds "new.person".
    await user.type(field, 'plaid new.person umbrella tiger seventeen');
    expect(await screen.findByText('Not accepted')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/Password strength: Not accepted/);
    expect(
      screen.getByText('The server refuses a password that contains your email address.'),
    ).toBeVisible();
    expect(screen.queryByText('Very strong')).not.toBeInTheDocument();

    await user.clear(field);
    await user.type(field, password);
    expect(await screen.findByText('Very strong')).toBeInTheDocument();
  });

  it('asks an existing account for its current password', async () => {
    mockApi({
      'GET /api/auth/invitations/inv-1': () => Response.json(invitation),
      'POST /api/auth/invitations/inv-1/accept': () =>
        problem(401, 'invalid_credentials', {
          detail: 'An account with this e-mail exists: enter its current password to accept.',
        }),
    });
    const { router } = renderRoute('/welcome?token=inv-1');

    await fillIn();

    const password = await screen.findByLabelText(/^Password/);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/enter its current password to accept/),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert', { name: /could not create/ })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
  });

  it.each([
    ['an unknown or expired token', () => problem(404, 'not_found')],
    ['a used token', () => problem(400, 'token_invalid')],
  ])('explains %s clearly', async (_, answer) => {
    mockApi({ 'GET /api/auth/invitations/inv-old': answer });
    renderRoute('/welcome?token=inv-old');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation is no longer valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ask the person who invited you');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('explains a token that expires while the form is open', async () => {
    mockApi({
      'GET /api/auth/invitations/inv-1': () => Response.json(invitation),
      'POST /api/auth/invitations/inv-1/accept': () => problem(404, 'not_found'),
    });
    renderRoute('/welcome?token=inv-1');

    await fillIn();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation is no longer valid' }),
    ).toBeInTheDocument();
  });
});
