import type { Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// The integrations' screens end to end (issue 22), on the demo data of docs/product.md §6: acme-outdoor's
// admin creates an API key and sees its token once (and the token works), then registers a webhook
// endpoint, sees its secret once, and sends it a test event that lands in the delivery log. Both are
// removed at the end, for the other specs on the same data.

const ADMIN = 'admin@acme.example';

/** The machine running the suite is shared: a first page may take a while to load. */
const patiently = { timeout: 30_000 };

/** How far the page scrolls sideways: 0 when it fits the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('integrations', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin creates a key and sees its token once, then a webhook that gets a test event', async ({
    page,
    request,
    browserErrors,
  }) => {
    await signInThroughApi(page, ADMIN);
    await page.goto('/acme-outdoor/overview');
    await page.getByRole('button', { name: /^Account: / }).click(patiently);
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/acme-outdoor\/settings\/api-keys$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible(patiently);

    // Create: the token is in the dialog, once.
    const name = `E2E key ${Date.now()}`;
    await page.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API key' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('checkbox', { name: /claims:read/ }).click();
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/partners/acme-outdoor/api-keys') &&
        response.request().method() === 'POST',
    );
    await create.getByRole('button', { name: 'Create key' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const shown = page.getByRole('dialog', { name: `Your new key “${name}”` });
    const token = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^ppk_/);
    await expect(shown).toContainText('It cannot be shown again');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    // The list shows its first 8 characters, never the token; the token itself works (no cookies).
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toContainText(token.slice(0, 8));
    expect(await page.content()).not.toContain(token);
    const claims = await request.get('/api/partners/acme-outdoor/claims?limit=1', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(claims.status()).toBe(200);

    // Revoke: refused at once.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Revoke “${name}”?` })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(row).toContainText('Revoked');
    const refused = await request.get('/api/partners/acme-outdoor/claims?limit=1', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(401);

    // On a phone the list fits the width (it stacks or scrolls inside its container).
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Webhooks: from the user menu.
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/acme-outdoor\/settings\/webhooks$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Verifying signatures' })).toBeVisible(
      patiently,
    );
    const url = `https://hooks.example.com/e2e-${Date.now()}`;
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add an endpoint' });
    await add.getByRole('textbox', { name: 'URL' }).fill(url);
    await add.getByRole('checkbox', { name: /claim\.created/ }).click();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
    await expect(secretDialog.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      /^whsec_/,
    );
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const card = page.locator('section[aria-label="Endpoints"] > *').filter({
      has: page.getByRole('heading', { level: 3, name: url }),
    });
    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/test') && response.request().method() === 'POST',
    );
    await card.getByRole('button', { name: 'Send a test event' }).click();
    expect((await sent).status()).toBe(202);
    await expect(page.getByText('Test event sent', { exact: true })).toBeVisible();
    await expect(card.getByRole('table', { name: 'Deliveries' })).toContainText(
      'webhook.test',
      patiently,
    );

    // On a phone the screen fits the width.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(card.getByRole('button', { name: 'Send a test event' })).toBeVisible();
    expect(await overflow(page)).toBe(0);

    // Removed, for the other specs.
    await card.getByRole('button', { name: `Delete ${url}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await expect(page.getByRole('heading', { level: 3, name: url })).toBeHidden();
    expect(browserErrors).toEqual([]);
  });
});
