import type { Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// Notification preferences end to end (issue 21), on the demo data of docs/product.md §6: acme-outdoor's
// viewer reaches their settings from the user menu, turns one choice off, and finds it kept.

const VIEWER = 'viewer@acme.example';
const SETTINGS = '/acme-outdoor/settings/notifications';

/** The machine running the suite is shared: a first page may take a while to load. */
const patiently = { timeout: 30_000 };

/** How far the page scrolls sideways: 0 when it fits the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('notification settings', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a member opens them from the user menu, turns low stock off, and it stays off', async ({
    page,
    browserErrors,
  }) => {
    await signInThroughApi(page, VIEWER);
    await page.goto('/acme-outdoor/overview');
    await page.getByRole('button', { name: /^Account: Vera Viewer/ }).click(patiently);
    await page.getByRole('menuitem', { name: 'Notification settings' }).click();

    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible(
      patiently,
    );
    await expect(page).toHaveTitle('Notifications · acme-outdoor · Partner Portal');
    const lowStock = page.getByRole('switch', { name: 'Low stock' });
    await expect(lowStock).toBeChecked(patiently);
    await expect(page.getByRole('switch', { name: 'Claim updates' })).toBeChecked();

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/me/notifications') && response.request().method() === 'PUT',
    );
    await lowStock.click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Notification settings saved', { exact: true })).toBeVisible();
    await expect(lowStock).not.toBeChecked();

    // Kept by the server: a fresh page shows it off, the other choices as they were.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Low stock' })).not.toBeChecked(patiently);
    await expect(page.getByRole('switch', { name: 'Filing deadlines' })).toBeChecked();
    const api = await page.request.get('/api/me/notifications');
    expect(await api.json()).toEqual({
      partners: [
        expect.objectContaining({
          slug: 'acme-outdoor',
          claimUpdates: 'instant',
          filingDeadlines: 'daily_digest',
          lowStock: 'off',
        }),
      ],
    });

    // On a phone the screen fits the width.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('switch', { name: 'Low stock' })).toBeVisible();
    expect(await overflow(page)).toBe(0);

    // Back as it was, for the other specs on the same data.
    await page.getByRole('switch', { name: 'Low stock' }).click();
    await expect(page.getByRole('switch', { name: 'Low stock' })).toBeChecked();
    expect(browserErrors).toEqual([]);
  });
});
