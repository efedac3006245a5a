import type { Locator, Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// The one time rule (docs/product.md, Times): a member whose browser is in Los Angeles reads
// acme-outdoor's times in the partner's zone (Europe/Berlin, docs/product.md §6) on every screen:
// the claim page, its timeline, the item's movements and the overview's recent activity. Each
// expected string is computed here from the API's UTC moment; the Los Angeles reading of the same
// moment must not be there.

const MANAGER = 'manager@acme.example';
const BROWSER_ZONE = 'America/Los_Angeles';
const PARTNER = '/api/partners/acme-outdoor';

test.use({ timezoneId: BROWSER_ZONE });

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

type Page_<T> = { items: T[] };

/** GET from the page, with its cookies: what the screen itself was answered. */
async function apiFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as T;
  }, path);
}

/** A moment as the portal writes it (portal/src/lib/format.ts, `datetime` and `date`). */
const inZone = (at: string, timeZone: string, format: 'datetime' | 'date' = 'datetime') =>
  new Intl.DateTimeFormat(
    'en',
    format === 'date'
      ? { dateStyle: 'medium', timeZone }
      : { dateStyle: 'medium', timeStyle: 'short', timeZone },
  ).format(new Date(at));

/** The `<time>` of a moment inside `scope` shows the partner's reading, not the browser's. */
async function expectPartnerTime(
  scope: Locator,
  at: string,
  timeZone: string,
  format: 'datetime' | 'date' = 'datetime',
) {
  const time = scope.locator(`time[datetime="${new Date(at).toISOString()}"]`).first();
  const partner = inZone(at, timeZone, format);
  const browser = inZone(at, BROWSER_ZONE, format);
  expect(partner).not.toBe(browser);
  await expect(time).toHaveText(partner);
  await expect(time).not.toHaveText(browser);
}

test('a browser in Los Angeles reads every time in the partner’s zone', async ({
  page,
  browserErrors,
}) => {
  await signInThroughApi(page, MANAGER);
  await page.goto('/acme-outdoor/overview');
  // The browser really is elsewhere.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    BROWSER_ZONE,
  );
  const { timeZone } = await apiFromPage<{ timeZone: string }>(page, PARTNER);
  expect(timeZone).toBe('Europe/Berlin');
  const zoneNote = new RegExp(`^Times in ${timeZone} \\(GMT\\+[12]\\)$`);

  // The overview's recent activity.
  const overview = await apiFromPage<{ recentActivity: Array<{ at: string }> }>(
    page,
    `${PARTNER}/overview`,
  );
  const activity = page.getByRole('list', { name: 'Recent activity' });
  await expect(activity).toBeVisible();
  for (const entry of overview.recentActivity.slice(0, 3)) {
    await expectPartnerTime(activity, entry.at, timeZone);
  }
  await expect(page.getByText(zoneNote)).toBeVisible();

  // A decided claim's page: its dates, and each event of its timeline.
  const claims = await apiFromPage<
    Page_<{ id: string; createdAt: string; submittedAt: string | null; status: string }>
  >(page, `${PARTNER}/claims?status=approved&limit=5`);
  const claim = claims.items[0];
  expect(claim?.submittedAt).toBeTruthy();
  if (claim === undefined || claim.submittedAt === null) return;
  const full = await apiFromPage<{ createdAt: string; submittedAt: string; decidedAt: string }>(
    page,
    `${PARTNER}/claims/${claim.id}`,
  );
  await page.goto(`/acme-outdoor/claims/${claim.id}`);
  const main = page.getByRole('main');
  await expectPartnerTime(main, full.createdAt, timeZone);
  await expectPartnerTime(main, full.submittedAt, timeZone);
  await expectPartnerTime(main, full.decidedAt, timeZone);

  const events = await apiFromPage<Page_<{ at: string }>>(
    page,
    `${PARTNER}/claims/${claim.id}/events?limit=100`,
  );
  const timeline = page.getByRole('list', { name: 'Claim history' });
  await expect(timeline).toBeVisible();
  expect(events.items.length).toBeGreaterThan(1);
  for (const event of events.items) await expectPartnerTime(timeline, event.at, timeZone);
  await expect(page.getByText(zoneNote)).toBeVisible();

  // The item's movements.
  const items = await apiFromPage<Page_<{ id: string; sku: string }>>(
    page,
    `${PARTNER}/inventory?limit=1`,
  );
  const item = items.items[0];
  if (item === undefined) throw new Error('the demo partner has no item');
  const movements = await apiFromPage<Page_<{ occurredAt: string }>>(
    page,
    `${PARTNER}/inventory/${item.id}/movements`,
  );
  expect(movements.items.length).toBeGreaterThan(0);
  await page.goto(`/acme-outdoor/inventory/${item.id}`);
  const table = page.getByRole('table', { name: 'Movements' });
  await expect(table).toBeVisible();
  for (const movement of movements.items.slice(0, 5)) {
    await expectPartnerTime(table, movement.occurredAt, timeZone);
  }
  await expect(page.getByText(zoneNote)).toBeVisible();

  expect(browserErrors).toEqual([]);
});
