import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { meQueryKey } from '@/lib/auth';
import { reloadPage } from '@/lib/reload-page';
import { acme, multiSession, partnerBody, viewerSession } from '@/testing/fixtures';
import { mockApi, problem, type MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// jsdom cannot reload; the test only needs to see that the page asked for it.
jest.mock('@/lib/reload-page', () => ({ reloadPage: jest.fn() }));

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\s*\\*?$`));

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  if (email) await user.type(field('Email'), email);
  if (password) await user.type(field('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

function signingInAs(session: typeof viewerSession): MockApi {
  return mockApi({
    'POST /api/auth/signin': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    'GET /api/partners/northwind': () => problem(404, 'not_found'),
  });
}

describe('sign in', () => {
  it('sends the credentials and lands a one-partner person on its overview', async () => {
    const api = signingInAs(viewerSession);
    const { router, queryClient } = renderRoute('/signin');

    await signIn('viewer@acme.example', 'portal-demo-passphrase');

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-outdoor/overview');
    const sent = api.requests.find((request) => request.url.endsWith('/api/auth/signin'));
    expect(await sent?.json()).toEqual({
      email: 'viewer@acme.example',
      password: 'portal-demo-passphrase',
    });
    // The session came with the answer: no extra GET /api/me.
    expect(api.calls).not.toContain('GET /api/me');
    expect(queryClient.getQueryData(meQueryKey)).toEqual(viewerSession);
  });

  it('lands a person with several partners on the partner picker', async () => {
    signingInAs(multiSession);
    const { router } = renderRoute('/signin');

    await signIn('multi@example.com', 'portal-demo-passphrase');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a partner' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back to ?next= after signing in', async () => {
    signingInAs(multiSession);
    const { router } = renderRoute('/signin?next=%2Facme-outdoor%2Fclaims%3Fstatus%3Ddraft');

    await signIn('multi@example.com', 'portal-demo-passphrase');

    await waitFor(() => expect(router.state.location.pathname).toBe('/acme-outdoor/claims'));
    expect(router.state.location.search).toBe('?status=draft');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores a next of %s and lands as usual',
    async (next) => {
      signingInAs(viewerSession);
      const { router } = renderRoute(`/signin?next=${encodeURIComponent(next)}`);

      await signIn('viewer@acme.example', 'portal-demo-passphrase');

      await waitFor(() => expect(router.state.location.pathname).toBe('/acme-outdoor/overview'));
    },
  );

  it('says the credentials are wrong without saying which one, and keeps the email', async () => {
    mockApi({ 'POST /api/auth/signin': () => problem(401, 'invalid_credentials') });
    const { router } = renderRoute('/signin');

    await signIn('viewer@acme.example', 'wrong-password-for-sure');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is incorrect.',
    );
    expect(field('Email')).toHaveValue('viewer@acme.example');
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
    expect(field('Password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('uses Retry-After to say when to try again after too many attempts', async () => {
    mockApi({
      'POST /api/auth/signin': () => problem(429, 'rate_limited', {}, { 'Retry-After': '840' }),
    });
    renderRoute('/signin');

    await signIn('viewer@acme.example', 'wrong-password-for-sure');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. For your security, try again in 14 minutes.',
    );
  });

  it('shows the API validation errors beside their fields', async () => {
    mockApi({
      'POST /api/auth/signin': () =>
        problem(400, 'validation', {
          errors: [{ field: 'email', message: 'email must be an email' }],
        }),
    });
    renderRoute('/signin');

    await signIn('viewer@acme.example', 'whatever-it-is-here');

    expect(await screen.findByText('email must be an email')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveAccessibleDescription(/email must be an email/);
    expect(screen.queryByRole('alert', { name: /incorrect/ })).not.toBeInTheDocument();
  });

  it('checks for empty fields before sending anything', async () => {
    const api = mockApi();
    renderRoute('/signin');

    await signIn('', '');

    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(field('Email')).toHaveFocus();
    expect(api.calls).not.toContain('POST /api/auth/signin');
  });

  it('links to the forgotten-password screen', async () => {
    mockApi();
    renderRoute('/signin');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('keeps the email already typed when the password is forgotten, out of the URL', async () => {
    mockApi();
    const { router } = renderRoute('/signin');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.type(field('Email'), 'viewer@acme.example');

    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveValue('viewer@acme.example');
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(router.state.location.search).toBe('');
  });

  it('opens the forgotten-password screen empty when nothing was typed', async () => {
    mockApi();
    renderRoute('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveValue('');
  });

  it('explains a refused security check (403 csrf) and offers a reload, not a server error', async () => {
    mockApi({ 'POST /api/auth/signin': () => problem(403, 'csrf') });
    renderRoute('/signin');
    await signIn('viewer@acme.example', 'portal-demo-passphrase');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your session security check failed. Reload the page and try again.',
    );
    expect(alert).not.toHaveTextContent(/went wrong on our side/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
