import type { APIRequestContext, Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { messagesTo } from '../../support/outbox';
import { demoPassword } from '../../support/session';

// Identity end to end: the BFF serving the built portal, with the demo data of docs/product.md §6.

/** The path and query of the newest link to `route` (e.g. /reset-password) mailed to `email`. */
async function linkMailedTo(email: string, route: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>()]+${route}\\?token=[A-Za-z0-9%._~-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const message of await messagesTo(email)) {
          // Quoted-printable mail may break long lines with a trailing "=".
          const found = pattern.exec(message.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
          if (found) {
            link = found[0];
            return true;
          }
        }
        return false;
      },
      { message: `a ${route} link mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/**
 * Page errors, without the browser's own "Failed to load resource" lines: a 401 from GET /api/me
 * before signing in, or a 404 for an invitation that was used, are answers the screens expect.
 */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@acme.example`;

async function signIn(page: Page, email: string, password = demoPassword) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The admin of acme-outdoor invites `email` as a viewer, through the API (docs/api.md, Endpoints: admin invitations). */
async function inviteToAcme(request: APIRequestContext, email: string) {
  const signedIn = await request.post('/api/auth/signin', {
    data: { email: 'admin@acme.example', password: demoPassword },
  });
  expect(signedIn.status()).toBe(200);
  const state = await request.storageState();
  const csrf = state.cookies.find(({ name }) => name === 'csrf')?.value ?? '';
  const invited = await request.post('/api/partners/acme-outdoor/invitations', {
    data: { email, role: 'viewer' },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
}

test.describe('sign in', () => {
  test('a one-partner person lands on their overview', async ({ page, browserErrors }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);

    await signIn(page, 'viewer@acme.example');

    await expect(page).toHaveURL(/\/acme-outdoor\/overview$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
    expect(unexpected(browserErrors)).toEqual([]);
  });

  test('a wrong password gets one message that names no field', async ({ page }) => {
    await page.goto('/signin');

    await signIn(page, 'viewer@acme.example', 'not-the-right-passphrase');

    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a signed-out visit comes back to where it was going', async ({ page }) => {
    await page.goto('/acme-outdoor/claims');
    await expect(page).toHaveURL(/\/signin\?next=%2Facme-outdoor%2Fclaims$/);

    await signIn(page, 'manager@acme.example');

    await expect(page).toHaveURL(/\/acme-outdoor\/claims$/);
  });

  test('a foreign next is ignored', async ({ page }) => {
    await page.goto('/signin?next=%2F%2Fevil.example%2F');

    await signIn(page, 'viewer@acme.example');

    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/acme-outdoor\/overview$/);
  });

  test('signing out ends the session', async ({ page, browserErrors }) => {
    await page.goto('/signin');
    await signIn(page, 'viewer@acme.example');
    await expect(page).toHaveURL(/\/acme-outdoor\/overview$/);

    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/signin$/);
    // The menu broke no Content-Security-Policy rule (inline styles are refused).
    expect(unexpected(browserErrors)).toEqual([]);
    await page.goto('/acme-outdoor/overview');
    await expect(page).toHaveURL(/\/signin\?next=/);
  });
});

test('multi@example.com picks a partner, then switches keeping the section', async ({
  page,
  browserErrors,
}) => {
  await page.goto('/signin');
  await signIn(page, 'multi@example.com');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a partner');
  const partners = page.getByRole('list', { name: 'Your partners' });
  await expect(partners.getByRole('listitem')).toHaveCount(2);
  await partners.getByRole('link', { name: 'Northwind Goods' }).click();
  await expect(page).toHaveURL(/\/northwind\/overview$/);

  await page
    .getByRole('navigation', { name: 'Partner sections' })
    .getByRole('link', { name: 'Claims' })
    .click();
  await expect(page).toHaveURL(/\/northwind\/claims$/);

  await page.getByRole('button', { name: 'Partner: Northwind Goods' }).click();
  await page.getByRole('menuitem', { name: 'Acme Outdoor Co.' }).click();

  await expect(page).toHaveURL(/\/acme-outdoor\/claims$/);
  await expect(page.getByRole('button', { name: 'Partner: Acme Outdoor Co.' })).toBeVisible();
  expect(unexpected(browserErrors)).toEqual([]);
});

test('a viewer opening another partner sees the not-found screen inside the app', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, 'viewer@acme.example');
  await expect(page).toHaveURL(/\/acme-outdoor\/overview$/);

  await page.goto('/northwind/overview');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that partner");
  await expect(page.getByRole('link', { name: 'Go to your partners' })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(page.getByText(/Application error/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();

  // A slug that does not exist reads exactly the same.
  await page.goto('/no-such-partner/overview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that partner");
});

test('an invitation: welcome, then straight onto the partner overview', async ({
  page,
  request,
  browserErrors,
}) => {
  const email = uniqueEmail('invited');
  await inviteToAcme(request, email);
  const welcome = await linkMailedTo(email, '/welcome');

  await page.goto(welcome);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Acme Outdoor Co.');
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel(/^Your name/).fill('Ivy Invited');
  await page.getByLabel(/^Password/).fill('lantern orchard pebble vast');
  await page.getByLabel(/^Repeat the password/).fill('lantern orchard pebble vast');
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: 'Accept invitation' }).click();

  await expect(page).toHaveURL(/\/acme-outdoor\/overview$/);
  await expect(page.getByRole('button', { name: 'Account: Ivy Invited, II' })).toBeVisible();

  // The link works once.
  await page.goto(welcome);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This invitation is no longer valid',
  );
  expect(unexpected(browserErrors)).toEqual([]);
});

test('forgot password: the mailed link resets it, ends the old session, and the new one signs in', async ({
  browser,
  request,
}) => {
  // Two e-mails through the job queue, three password hashes and three browser sessions.
  test.slow();
  // A person of their own, so the demo sign-ins keep their password for every other test.
  const email = uniqueEmail('resetter');
  const oldPassword = 'copper kettle winter morning';
  const newPassword = 'violet harbour seven lanterns';
  await inviteToAcme(request, email);
  const welcome = await linkMailedTo(email, '/welcome');
  const token = new URL(welcome, 'http://e2e.invalid').searchParams.get('token') ?? '';
  const accepted = await request.post(`/api/auth/invitations/${encodeURIComponent(token)}/accept`, {
    data: { name: 'Reese Resetter', password: oldPassword },
  });
  expect(accepted.status()).toBe(200);

  // The old session, in its own browser.
  const oldContext = await browser.newContext();
  const oldPage = await oldContext.newPage();
  await oldPage.goto('/signin');
  await signIn(oldPage, email, oldPassword);
  await expect(oldPage).toHaveURL(/\/acme-outdoor\/overview$/);

  // Somewhere else: forgot password.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  const reset = await linkMailedTo(email, '/reset-password');
  await page.goto(reset);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat the new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your password has been changed',
  );

  // No automatic sign-in, and the reset link is spent: checked first, it says so before any form.
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto(reset);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This link has expired or was already used',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);

  // The old session is gone: its next visit is sent to sign in.
  await oldPage.goto('/acme-outdoor/claims');
  await expect(oldPage).toHaveURL(/\/signin\?next=%2Facme-outdoor%2Fclaims$/);

  // The old password no longer works; the new one does.
  await page.goto('/signin');
  await signIn(page, email, oldPassword);
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/acme-outdoor\/overview$/);

  await oldContext.close();
  await context.close();
});
