import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockApi, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

async function requestLink(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot password', () => {
  it.each([
    ['an account', 'viewer@acme.example'],
    ['no account', 'nobody@example.com'],
  ])('gives the same confirmation for %s', async (_, email) => {
    const api = mockApi({
      'POST /api/auth/forgot-password': () => new Response(null, { status: 202 }),
    });
    renderRoute('/forgot-password');

    await requestLink(email);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `If an account exists for ${email}, we've sent a link to choose a new password.`,
    );
    expect(await api.requests[0]?.json()).toEqual({ email });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('says when to try again when throttled', async () => {
    mockApi({
      'POST /api/auth/forgot-password': () =>
        problem(429, 'rate_limited', {}, { 'Retry-After': '3600' }),
    });
    renderRoute('/forgot-password');

    await requestLink('viewer@acme.example');

    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 60 minutes.');
  });

  it('asks for a valid email before sending', async () => {
    const api = mockApi();
    renderRoute('/forgot-password');

    await requestLink('not-an-email');

    expect(
      await screen.findByText('Enter an email address like name@example.com.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
