import type { Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { act, actions, headerStatus, timeline } from '../../support/claim-page';
import { messagesTo } from '../../support/outbox';
import { demoPassword, personAt, signInThroughApi } from '../../support/session';

// The staff workspace end to end (issue 20, must-show 4; docs/product.md §3a), on the demo data of
// docs/product.md: waiting claims across the three partners, some overdue, some assigned; the staff
// accounts staff@portal.example and reviewer@portal.example; acme-outdoor's manager.

const STAFF = 'staff@portal.example';
const REVIEWER = 'reviewer@portal.example';
const MANAGER = 'manager@acme.example';
const patiently = { timeout: 30_000 };

const queueTable = (page: Page) => page.getByRole('table', { name: 'Review queue' });
const staffBar = (page: Page) => page.getByRole('region', { name: 'Staff' });

/** Waits for the queue's rows of the URL on screen (no skeleton, no page turning). */
async function settled(page: Page) {
  await expect(queueTable(page).locator('tbody[aria-busy]')).toHaveCount(0, patiently);
}

/** A submitted claim goes into review first: staff act on claims in review. */
async function startReviewIfSubmitted(page: Page) {
  await expect(actions(page)).toBeVisible();
  const start = actions(page).getByRole('button', { name: 'Start review', exact: true });
  if (await start.isVisible()) {
    await act(page, 'Start review', 'Start the review?', 'Start review');
  }
  await expect(headerStatus(page)).toContainText('In review');
}

test.describe.configure({ mode: 'serial' });

test.describe('the staff workspace', () => {
  test('staff sign in to the queue, take an overdue claim, note it internally and ask the partner; the manager sees no note and answers; the assignee hears of it', async ({
    page,
    browser,
  }) => {
    // Three people, a dozen steps and the mail outbox: more than the default 30 s on two cores.
    test.slow();

    // Staff who belong to no partner land on the queue.
    await page.goto('/signin');
    await page.getByLabel(/^Email/).fill(STAFF);
    await page.getByLabel(/^Password/).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/staff$/, patiently);
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Queue figures' })).toContainText('Waiting now');

    // Overdue, unassigned, of acme-outdoor (whose manager answers below).
    await page.getByRole('checkbox', { name: 'Overdue only' }).click();
    await expect(page).toHaveURL(/overdue=true/);
    await page.getByRole('combobox', { name: 'Assignee' }).selectOption('none');
    await expect(page).toHaveURL(/assignee=none/);
    const partner = page.getByRole('combobox', { name: 'Partner' });
    await partner.fill('acme');
    await page.getByRole('option', { name: /Acme/ }).first().click();
    await expect(page).toHaveURL(/partner=acme-outdoor/);
    await settled(page);
    const row = queueTable(page).locator('tbody tr').first();
    await expect(row.getByText('Overdue', { exact: true })).toBeVisible();
    const claimNumber = (await row.getByRole('link').first().innerText()).trim();
    expect(claimNumber).toMatch(/^CLM-\d{6}$/);

    await row.getByRole('button', { name: `Assign to me: ${claimNumber}` }).click();
    // Assigned to the person signed in, it leaves "Unassigned": find it among "Assigned to me".
    await page.getByRole('combobox', { name: 'Assignee' }).selectOption('me');
    await settled(page);
    const mine = queueTable(page).locator('tbody tr').filter({ hasText: claimNumber });
    await expect(mine).toContainText('You');
    await mine.getByRole('link', { name: claimNumber }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Claim ${claimNumber}`);
    const claimPath = new URL(page.url()).pathname;
    await expect(staffBar(page)).toContainText('You (');
    await expect(
      page.getByRole('navigation', { name: 'Review queue' }).getByRole('link', {
        name: 'Back to queue',
      }),
    ).toHaveAttribute('href', /\/staff\?.*overdue=true/);

    const note = `Internal: same SKU lost twice this month (${Date.now()}).`;
    await page.getByRole('switch', { name: /Internal note/ }).click();
    await page.getByRole('textbox', { name: 'Internal note' }).fill(note);
    await page.getByRole('button', { name: 'Add internal note' }).click();
    const noteEntry = timeline(page).locator('li').filter({ hasText: note });
    await expect(noteEntry).toBeVisible();
    await expect(noteEntry).toContainText('Staff only');

    await startReviewIfSubmitted(page);
    await act(page, 'Request info', 'Request information', 'Request info', (dialog) =>
      dialog.getByLabel('What do you need?').fill('Please send the carrier’s loss report.'),
    );
    await expect(headerStatus(page)).toContainText('Info requested');

    const mailsBefore = (await messagesTo(STAFF)).filter((text) => text.includes(claimNumber));

    // The manager, in a browser of their own: the question, never the note or the assignee.
    const manager = await personAt(browser, MANAGER);
    await manager.page.goto(claimPath);
    await expect(timeline(manager.page)).toContainText('Please send the carrier’s loss report.');
    await expect(timeline(manager.page)).not.toContainText(note);
    await expect(manager.page.getByText('Staff only')).toHaveCount(0);
    await expect(manager.page.getByRole('region', { name: 'Staff' })).toHaveCount(0);
    await act(manager.page, 'Respond', 'Answer the request', 'Send answer', (dialog) =>
      dialog.getByLabel('Your answer').fill('The report is attached to the shipment.'),
    );
    await expect(headerStatus(manager.page)).toContainText('In review');
    await manager.context.close();

    // The assignee is told the partner answered.
    await expect
      .poll(
        async () => (await messagesTo(STAFF)).filter((text) => text.includes(claimNumber)).length,
        patiently,
      )
      .toBeGreaterThan(mailsBefore.length);

    // Back in the queue it waits again since the answer: first of the most recently waiting.
    await page.goto('/staff?sort=-waitingSince');
    await settled(page);
    await expect(queueTable(page).locator('tbody tr').first()).toContainText(claimNumber);
    await expect(queueTable(page).locator('tbody tr').first()).toContainText('In review');
  });

  test('a large claim approved by one staff member is completed by reviewer@portal.example', async ({
    page,
    browser,
  }) => {
    test.slow();
    // The demo's large claim (docs/product.md §6): 1,450.00 EUR, above the second-approval
    // threshold, approved once by staff@portal.example for the full amount.
    await signInThroughApi(page, STAFF);
    await page.goto('/staff?minAmount=1000.01&partner=acme-outdoor');
    await settled(page);
    const row = queueTable(page).locator('tbody tr').filter({ hasText: 'CLM-000261' });
    await expect(row).toContainText('€1,450.00');
    await row.getByRole('link', { name: 'CLM-000261' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claim CLM-000261');
    const claimPath = new URL(page.url()).pathname;

    // Still in review: a first approval, waiting for a second staff member.
    await expect(headerStatus(page)).toContainText('In review');
    await expect(
      page.getByText(/^Approved €1,450\.00 by you, waiting for a second approval/),
    ).toBeVisible();
    // The screen mirrors the server: the first approver cannot complete it.
    await expect(actions(page).getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
    await expect(actions(page).getByRole('button', { name: 'Approve', exact: true })).toHaveCount(
      0,
    );

    const reviewer = await personAt(browser, REVIEWER);
    await reviewer.page.goto(claimPath);
    await expect(
      reviewer.page.getByText(/^Approved €1,450\.00 by Sam Staff, waiting for a second approval/),
    ).toBeVisible();
    await act(reviewer.page, 'Approve', 'Approve this claim', 'Approve');
    await expect(headerStatus(reviewer.page)).toContainText('Approved');
    await expect(reviewer.page.getByText(/waiting for a second approval/)).toHaveCount(0);
    await expect(reviewer.page.getByRole('region', { name: 'Amounts' })).toContainText('€1,450.00');
    await reviewer.context.close();
  });

  test('at 375 px the queue’s rows fit the screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await signInThroughApi(page, STAFF);
    await page.goto('/staff');
    await settled(page);
    const rows = queueTable(page).locator('tbody tr');
    await expect(rows.first()).toBeVisible(patiently);
    const measured = await queueTable(page).evaluate((table) => {
      const width = document.documentElement.clientWidth;
      const outside: string[] = [];
      for (const part of table.querySelectorAll(
        'tbody tr, tbody th, tbody td, tbody a, tbody button',
      )) {
        const box = part.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
          outside.push(`${part.tagName} "${(part.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
      const scroller = table.closest('[role="region"]') ?? table;
      return {
        outside,
        pageOverflow: document.documentElement.scrollWidth - width,
        tableOverflow: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(measured.outside).toEqual([]);
    expect(measured.pageOverflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    expect(measured.tableOverflow, "the table's box scrolls sideways").toBeLessThanOrEqual(0);
    for (const row of (await rows.all()).slice(0, 5)) {
      // Stacked as a card: each figure under its label, the row's key figures in full size.
      await expect(row.getByText('Status', { exact: true })).toBeVisible();
      await expect(row.getByText('Claimed', { exact: true })).toBeVisible();
    }
    await page.screenshot({ path: test.info().outputPath('staff-queue-375.png'), fullPage: true });
    await context.close();
  });
});
