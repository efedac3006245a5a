import type { Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

const slug = 'acme-outdoor';

// Every route of the seed, served by the BFF and rendered by the portal in Chromium.
const pages = [
  { path: '/signin', heading: /sign in/i, signedIn: false },
  { path: '/forgot-password', heading: /password/i, signedIn: false },
  // A made-up reset token: the link is checked before the form, and said to be spent.
  {
    path: '/reset-password?token=abc',
    heading: /^This link has expired or was already used$/,
    signedIn: false,
  },
  { path: '/welcome?token=abc', heading: /welcome|invitation/i, signedIn: false },
  { path: `/${slug}/overview`, heading: /overview/i },
  { path: `/${slug}/analytics`, heading: /analytics/i },
  { path: `/${slug}/inventory`, heading: /inventory/i },
  // A named item of the demo inventory (docs/product.md §6), by its SKU: ids are the data's own.
  { path: `/${slug}/inventory/{ACM-TEN-00001}`, heading: /Trailhead Tent/ },
  { path: `/${slug}/claims`, heading: /claims/i },
  // A claim of acme-outdoor, its id looked up through the API (or a draft filed for the test).
  { path: `/${slug}/claims/{claim}`, heading: /^Claim CLM-\d{6}$/ },
];

/** `/acme-outdoor/inventory/{SKU}` → the item's page, its id looked up through the API. */
async function withItemIds(page: Page, path: string): Promise<string> {
  const sku = /\{([^}]+)\}/.exec(path)?.[1];
  if (sku === undefined) return path;
  const response = await page.request.get(
    `/api/partners/${slug}/inventory?q=${encodeURIComponent(sku)}`,
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Array<{ id: string; sku: string }> };
  const item = items.find((candidate) => candidate.sku === sku);
  expect(item, `the demo item ${sku}`).toBeDefined();
  return path.replace(`{${sku}}`, item?.id ?? '');
}

/**
 * `/acme-outdoor/claims/{claim}` → a claim's page: the newest claim of the partner, or a draft a
 * manager files for the test when the data has none.
 */
async function withClaimId(page: Page, path: string): Promise<string> {
  if (!path.includes('{claim}')) return path;
  await signInThroughApi(page, 'manager@acme.example');
  const list = await page.request.get(`/api/partners/${slug}/claims?limit=1`);
  expect(list.status()).toBe(200);
  let [claim] = ((await list.json()) as { items: Array<{ id: string }> }).items;
  if (claim === undefined) {
    const csrf = (await page.context().cookies()).find(({ name }) => name === 'csrf')?.value;
    const created = await page.request.post(`/api/partners/${slug}/claims`, {
      headers: { 'X-CSRF-Token': csrf ?? '' },
      data: {
        type: 'other',
        quantity: 1,
        // An other claim without an item states its unit value (docs/product.md §4).
        unitValue: 1000,
        incidentDate: new Date().toISOString().slice(0, 10),
        description: 'A claim for the route test.',
      },
    });
    expect(created.status()).toBe(201);
    claim = (await created.json()) as { id: string };
  }
  return path.replace('{claim}', claim.id);
}

for (const { path, heading, signedIn = true } of pages) {
  test(`${path} renders its page`, async ({ page, browserErrors }) => {
    const target = await withClaimId(page, path);
    if (signedIn) await signInThroughApi(page, 'viewer@acme.example');
    const response = await page.goto(await withItemIds(page, target));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(/Partner Portal/);
    // CSP violations and render errors surface as console errors.
    expect(browserErrors).toEqual([]);
  });
}

test('/ sends a signed-out visitor to the sign-in page', async ({ page, browserErrors }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/sign in/i);
  expect(browserErrors).toEqual([]);
});

test('partner pages sit in the app shell with navigation and a skip link', async ({ page }) => {
  await signInThroughApi(page, 'viewer@acme.example');
  await page.goto(`/${slug}/claims`);
  const nav = page.getByRole('navigation').first();
  for (const name of ['Overview', 'Analytics', 'Inventory', 'Claims']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Claims' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /skip to content/i })).toBeFocused();
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/inventory$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/inventory/i);
});

test('an unknown page path renders the 404 screen inside the app', async ({ page }) => {
  const response = await page.goto('/no/such/page/here');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
});

test('an unknown /api path is a JSON problem 404, never the app shell', async ({ request }) => {
  for (const method of ['get', 'post', 'delete'] as const) {
    const response = await request[method]('/api/anything-unknown');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/problem+json');
    const body = await response.json();
    expect(body).toMatchObject({ status: 404, code: 'not_found' });
    expect(typeof body.requestId).toBe('string');
    expect(response.headers()['x-request-id']).toBe(body.requestId);
  }
});
