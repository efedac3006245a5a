import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockApi, noContent, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const newPassword = 'plaid umbrella tiger seventeen';

/** The check of a live link: GET answers the e-mail of its account. */
const live = {
  'GET /api/auth/password-resets/tok-1': () => Response.json({ email: 'reset.me@acme.example' }),
};

async function choose(password: string, again: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Repeat the new password/), again);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('reset password', () => {
  it('sends the token and the new password, then confirms without signing in', async () => {
    const api = mockApi({ ...live, 'POST /api/auth/reset-password': noContent });
    renderRoute('/reset-password?token=tok-1');

    await choose(newPassword, newPassword);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(await api.requests[1]?.json()).toEqual({ token: 'tok-1', password: newPassword });
    expect(api.calls).toEqual([
      'GET /api/auth/password-resets/tok-1',
      'POST /api/auth/reset-password',
    ]);
  });

  it('says when the two passwords differ, and sends nothing', async () => {
    const api = mockApi(live);
    renderRoute('/reset-password?token=tok-1');

    await choose(newPassword, `${newPassword}!`);

    const again = screen.getByLabelText(/^Repeat the new password/);
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(again).toHaveAttribute('aria-invalid', 'true');
    expect(again).toHaveFocus();
    expect(api.calls).toEqual(['GET /api/auth/password-resets/tok-1']);
  });

  it('says a password is too short before sending it', async () => {
    const api = mockApi(live);
    renderRoute('/reset-password?token=tok-1');

    await choose('tooshort', 'tooshort');

    expect(await screen.findByText('Use at least 15 characters (8 so far).')).toBeInTheDocument();
    expect(api.calls).toEqual(['GET /api/auth/password-resets/tok-1']);
  });

  it('says a used or expired link is so before showing the form, and offers a new one', async () => {
    const api = mockApi({
      'GET /api/auth/password-resets/tok-old': () =>
        problem(400, 'token_invalid', { detail: 'This link is invalid, used or expired.' }),
    });
    renderRoute('/reset-password?token=tok-old');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This link has expired or was already used',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The reset link is no longer valid');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save new password' })).not.toBeInTheDocument();
    expect(api.calls).toEqual(['GET /api/auth/password-resets/tok-old']);
  });

  it('shows no form while the link is checked', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/auth/password-resets/tok-1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoute('/reset-password?token=tok-1');

    expect(await screen.findByText('Checking your reset link')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();

    answer(Response.json({ email: 'reset.me@acme.example' }));
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
  });

  it('offers to check again when the link could not be checked, without showing the form', async () => {
    let failures = 1;
    mockApi({
      'GET /api/auth/password-resets/tok-1': () =>
        failures-- > 0
          ? problem(503, 'unavailable')
          : Response.json({ email: 'reset.me@acme.example' }),
    });
    renderRoute('/reset-password?token=tok-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check your reset link. Check your connection and try again.',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
  });

  it('explains a link used up while the form was open, and offers a new one', async () => {
    mockApi({
      ...live,
      'POST /api/auth/reset-password': () =>
        problem(400, 'token_invalid', { detail: 'The token is invalid or expired.' }),
    });
    renderRoute('/reset-password?token=tok-1');

    await choose(newPassword, newPassword);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This link has expired or was already used',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The reset link is no longer valid');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows the server rule beside the field when it refuses the password', async () => {
    mockApi({
      ...live,
      'POST /api/auth/reset-password': () =>
        problem(400, 'validation', {
          errors: [{ field: 'password', message: 'This password is too common.' }],
        }),
    });
    renderRoute('/reset-password?token=tok-1');

    await choose(newPassword, newPassword);

    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('treats a link without a token as expired, and asks nothing', async () => {
    const api = mockApi();
    renderRoute('/reset-password');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This link has expired or was already used',
      }),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('rates the strength of the new password', async () => {
    mockApi(live);
    renderRoute('/reset-password?token=tok-1');
    const user = userEvent.setup();

    // Long enough for the server, easy to guess (a password the server refuses, such as
    // "password", now reads "Not accepted": see the next test).
    await user.type(await screen.findByLabelText(/^New password/), 'aaaaaaaaaaaaaaa');

    const password = screen.getByLabelText(/^New password/);
    expect(await screen.findByText('Very weak')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/Password strength: Very weak/);
    expect(
      screen.getByText(/Repeated characters like "aaa" are easy to guess./),
    ).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'plaid umbrella tiger seventeen');
    expect(await screen.findByText('Very strong')).toBeInTheDocument();
  });

  it('says the server would refuse a password too short or too common, however hard to guess', async () => {
    mockApi(live);
    renderRoute('/reset-password?token=tok-1');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^New password/);

    // 14 random characters: "Very strong" to a guesser, one short of the server's rule.
    await user.type(password, 'Xq7#pL9$wR2&mZ');
    expect(await screen.findByText('Not accepted')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/Password strength: Not accepted/);
    expect(screen.getByText('The server needs at least 15 characters (14 so far).')).toBeVisible();
    expect(screen.queryByText('Very strong')).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'password');
    expect(
      await screen.findByText('The server needs at least 15 characters (8 so far).'),
    ).toBeVisible();
    expect(screen.getByText('Not accepted')).toBeInTheDocument();

    // On the common-password list the server checks (zxcvbn alone says "Weak").
    await user.clear(password);
    await user.type(password, '1qaz2wsx3edc4rfv');
    expect(
      await screen.findByText('The server refuses the most common passwords, and this is one.'),
    ).toBeVisible();
    expect(screen.getByText('Not accepted')).toBeInTheDocument();

    await user.type(password, ' plaid umbrella');
    expect(await screen.findByText('Very strong')).toBeInTheDocument();
  });

  it('applies the e-mail rule of the link’s account to the strength meter and the form', async () => {
    const api = mockApi(live);
    renderRoute('/reset-password?token=tok-1');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^New password/);

    // Long and unguessable to zxcvbn, but it holds "reset.me", the account's local part.
    const withEmail = 'plaid reset.me umbrella tiger seventeen';
    await user.type(password, withEmail);
    expect(await screen.findByText('Not accepted')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/Password strength: Not accepted/);
    expect(
      screen.getByText('The server refuses a password that contains your email address.'),
    ).toBeVisible();
    expect(screen.queryByText('Very strong')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Repeat the new password/), withEmail);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText('Do not use your email address in your password.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual(['GET /api/auth/password-resets/tok-1']);
  });
});
