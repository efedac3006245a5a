import type { Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { messagesTo } from '../../support/outbox';
import { signInThroughApi } from '../../support/session';

// Members and invitations end to end (#11), on the demo data of docs/product.md §6: acme-outdoor's
// admin and its viewer. Each run invites an address of its own, and revokes it.

const MEMBERS = '/acme-outdoor/members';
const ADMIN = 'admin@acme.example';
const VIEWER = 'viewer@acme.example';

const membersTable = (page: Page) => page.getByRole('table', { name: 'Members' });
const pendingTable = (page: Page) => page.getByRole('table', { name: 'Pending invitations' });

/** The machine running the suite is shared: a first page may take a while to load. */
const patiently = { timeout: 30_000 };

/** The members list is on screen with its rows, not a skeleton. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible(patiently);
  await expect(membersTable(page).getByRole('rowheader', { name: /Vera Viewer/ })).toBeVisible(
    patiently,
  );
  await expect(membersTable(page).locator('tbody[aria-busy]')).toHaveCount(0, patiently);
}

/** How far the page scrolls sideways: 0 when it fits the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('members and invitations', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin invites someone, sees the pending invitation, and revokes it', async ({
    page,
    browserErrors,
  }) => {
    const email = `invitee-${Date.now()}@example.com`;
    await signInThroughApi(page, ADMIN);
    await page.goto('/acme-outdoor/overview');
    await page
      .getByRole('navigation', { name: 'Partner sections' })
      .getByRole('link', { name: 'Members' })
      .click();
    await expect(page).toHaveURL(/\/acme-outdoor\/members$/);
    await settled(page);
    await expect(page).toHaveTitle('Members · acme-outdoor · Partner Portal');
    await expect(page.getByRole('combobox', { name: 'Role of Vera Viewer' })).toHaveValue('viewer');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Pending invitations' }),
    ).toBeVisible();

    // Someone already in the partner: said on the e-mail field.
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(VIEWER);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      /already a member of this partner/,
      patiently,
    );

    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('manager');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden(patiently);
    await expect(
      page.getByRole('region', { name: /^Notifications/ }).getByText('Invitation sent'),
    ).toBeVisible(patiently);

    const row = pendingTable(page).getByRole('row', { name: new RegExp(email) });
    await expect(row).toBeVisible(patiently);
    await expect(row).toContainText('Manager');
    await expect(row).toContainText('Ada Admin');
    await expect.poll(async () => (await messagesTo(email)).length).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/members-admin.png', fullPage: true });

    await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke the invitation of ${email}?` });
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(confirm).toBeHidden(patiently);
    await expect(pendingTable(page).getByRole('row', { name: new RegExp(email) })).toHaveCount(
      0,
      patiently,
    );

    // The link of the revoked invitation no longer opens anything.
    const [message] = await messagesTo(email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(message ?? '')?.[1];
    expect(token).toBeDefined();
    const lookup = await page.request.get(`/api/auth/invitations/${token}`);
    expect(lookup.status()).toBe(404);
    expect(browserErrors).toEqual([]);
  });

  test('a viewer sees the members and no admin control', async ({ page, browserErrors }) => {
    await signInThroughApi(page, VIEWER);
    await page.goto(MEMBERS);
    await settled(page);
    await expect(membersTable(page).getByRole('rowheader', { name: /Ada Admin/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite someone' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: /^Role of/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pending invitations' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Partner sections' }).getByRole('link', {
        name: 'Members',
      }),
    ).toHaveCount(0);
    await page.screenshot({ path: 'test-results/members-viewer.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });

  test('fits a 375 px screen, for an admin and for a viewer', async ({ page, browser }) => {
    await signInThroughApi(page, ADMIN);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(MEMBERS);
    await settled(page);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Pending invitations' }),
    ).toBeVisible();
    await expect(pendingTable(page).locator('tbody[aria-busy]')).toHaveCount(0, patiently);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: 'test-results/members-admin-375.png', fullPage: true });

    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await expect(dialog).toBeVisible(patiently);
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
    await page.screenshot({ path: 'test-results/members-invite-375.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const viewer = await context.newPage();
    await signInThroughApi(viewer, VIEWER);
    await viewer.goto(MEMBERS);
    await settled(viewer);
    await expect(viewer.getByRole('button', { name: 'Invite someone' })).toHaveCount(0);
    expect(await overflow(viewer)).toBe(0);
    await viewer.screenshot({ path: 'test-results/members-viewer-375.png', fullPage: true });
    await context.close();
  });
});
