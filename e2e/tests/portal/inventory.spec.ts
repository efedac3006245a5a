import { readFile } from 'node:fs/promises';

import type { Locator, Page } from '@playwright/test';

import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// The inventory screens end to end, on the demo inventory of docs/product.md §6: its named items
// (ACM-TEN-00001 "Trailhead Tent, 2-Person", ACM-SLP-00002 low, ACM-BAG-00005 with a recent loss)
// and the 300 items of acme-outdoor across its categories.

const LIST = '/acme-outdoor/inventory';

const table = (page: Page) => page.getByRole('table', { name: 'Inventory items' });
/** The rows of the page on screen (the header row left out). */
const rows = (page: Page) => table(page).locator('tbody tr');
/** The SKUs of the page on screen, in order (each row's header is its SKU, a link). */
const skus = (page: Page) => table(page).locator('tbody th').allInnerTexts();
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pages of items' });

/** Waits until the list shows an answer (no skeleton, no busy rows). */
async function settled(page: Page) {
  // The table first: before its lazy screen has rendered, "no busy rows" holds trivially.
  await expect(table(page)).toBeVisible();
  await expect(table(page).locator('tbody[aria-busy]')).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();
}

const exportLink = (page: Page) => page.getByRole('link', { name: 'Export CSV' });

/**
 * Waits until the list shows `query` (the API's list query: filters, search, sort): the export
 * link, built from the same state as the request, names it, and the rows are that request's answer
 * (not the previous page kept while the next loads). Filters, sort and rows change in one render,
 * a moment after the URL.
 */
async function showsQuery(page: Page, query: Record<string, string>) {
  const expected = new URLSearchParams({ sort: 'sku', ...query });
  expected.sort();
  await expect
    .poll(async () => {
      const href = (await exportLink(page).getAttribute('href')) ?? '';
      const shown = new URL(href, page.url()).searchParams;
      shown.sort();
      return shown.toString();
    })
    .toBe(expected.toString());
  await settled(page);
}

/** "€1,234.56" → 1234.56. */
const amount = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The column of a row, by the header's text (cells and row headers alike). */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await table(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `a column named ${header}`).toBeGreaterThanOrEqual(0);
  return table(page)
    .locator(`tbody tr > :nth-child(${index + 1})`)
    .allInnerTexts();
}

/** A CSV file as rows of cells (RFC 4180: quoted cells, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const parsed: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      parsed.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) parsed.push([...row, cell]);
  return parsed;
}

async function selectFilter(page: Page, label: string, value: string) {
  await page.getByRole('combobox', { name: label }).selectOption(value);
}

/** The number the pagination states: "42 items" (exact totals on the demo data). */
async function listTotal(page: Page): Promise<number> {
  const text = await pagination(page).innerText();
  const found = /([\d,]+) items?/.exec(text);
  expect(found, `a total in "${text}"`).not.toBeNull();
  return Number((found?.[1] ?? '').replace(/,/g, ''));
}

/** Opens an item from the list by searching its SKU. */
async function openItem(page: Page, sku: string) {
  await page.goto(`${LIST}?q=${encodeURIComponent(sku)}`);
  await settled(page);
  await table(page).getByRole('link', { name: sku, exact: true }).click();
  await expect(page).toHaveURL(/\/acme-outdoor\/inventory\/[0-9a-f-]{36}$/);
  // The URL moves with the item's loader; the screen once it has rendered.
  await expect(page.getByRole('region', { name: 'Stock' })).toBeVisible();
}

/** The named items of acme-outdoor (docs/product.md §6). */
const namedSkus = [
  'ACM-TEN-00001',
  'ACM-SLP-00002',
  'ACM-CKG-00003',
  'ACM-JKT-00004',
  'ACM-BAG-00005',
  'ACM-BOT-00006',
  'ACM-LGT-00007',
  'ACM-ACC-00008',
];

/** The first named item whose movement history takes more than one page, asked of the API. */
async function namedItemWithMovementPages(page: Page): Promise<string> {
  for (const sku of namedSkus) {
    const found = await page.request.get(`/api/partners/acme-outdoor/inventory?q=${sku}`);
    const { items } = (await found.json()) as { items: Array<{ id: string; sku: string }> };
    const item = items.find((candidate) => candidate.sku === sku);
    if (item === undefined) continue;
    const history = await page.request.get(
      `/api/partners/acme-outdoor/inventory/${item.id}/movements`,
    );
    const { nextCursor } = (await history.json()) as { nextCursor: string | null };
    if (nextCursor !== null) return sku;
  }
  throw new Error('no named demo item has more than one page of movements');
}

const stockFigure = (page: Page, term: string): Locator =>
  page
    .getByRole('region', { name: 'Stock' })
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

test.describe('inventory list', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, 'viewer@acme.example');
  });

  test('search, filter, sort; a reload restores the view', async ({ page, browserErrors }) => {
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory');
    await expect(page).toHaveTitle('Inventory · acme-outdoor · Partner Portal');
    await settled(page);
    expect(await listTotal(page)).toBe(300);

    // Search: by name, the named item and only it.
    const search = page.getByRole('searchbox', { name: 'Search inventory' });
    await search.fill('Trailhead Tent, 2-Person');
    await showsQuery(page, { q: 'Trailhead Tent, 2-Person' });
    await expect(page).toHaveURL(/[?&]q=Trailhead/);
    await expect(rows(page)).toHaveCount(1);
    expect(await skus(page)).toEqual(['ACM-TEN-00001']);
    // By barcode, too.
    await search.fill('4260123400026');
    await showsQuery(page, { q: '4260123400026' });
    await expect(table(page).getByRole('link', { name: 'ACM-SLP-00002' })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await showsQuery(page, {});
    await expect(page).not.toHaveURL(/[?&]q=/);

    // Filter: a category and a stock state; every row shows them.
    await selectFilter(page, 'Category', 'Tents');
    await expect(page).toHaveURL(/[?&]category=Tents/);
    await selectFilter(page, 'Stock state', 'in');
    await expect(page).toHaveURL(/[?&]stock=in/);
    await showsQuery(page, { category: 'Tents', stock: 'in' });
    for (const name of await column(page, 'Name')) expect(name).toContain('Tents');
    for (const state of await column(page, 'Stock')) expect(state).toBe('In stock');

    // Sort: by value, then descending; the rows follow.
    const byValue = table(page).getByRole('button', { name: 'Value' });
    await byValue.click();
    await showsQuery(page, { category: 'Tents', stock: 'in', sort: 'value' });
    await byValue.click();
    await showsQuery(page, { category: 'Tents', stock: 'in', sort: '-value' });
    await expect(page).toHaveURL(/[?&]sort=-value(&|$)/);
    await expect(table(page).getByRole('columnheader', { name: 'Value' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const values = (await column(page, 'Value')).map(amount);
    expect(values.length).toBeGreaterThan(1);
    expect([...values].sort((a, b) => b - a)).toEqual(values);

    // A reload restores the whole view: the same URL, controls and rows.
    const url = page.url();
    const shown = await skus(page);
    await page.reload();
    await showsQuery(page, { category: 'Tents', stock: 'in', sort: '-value' });
    expect(page.url()).toBe(url);
    expect(await skus(page)).toEqual(shown);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Tents');
    await expect(page.getByRole('combobox', { name: 'Stock state' })).toHaveValue('in');
    await expect(table(page).getByRole('columnheader', { name: 'Value' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(browserErrors).toEqual([]);
  });

  test('pages forward and back, in the history', async ({ page }) => {
    await page.goto(`${LIST}?sort=-onHand`);
    await settled(page);
    const first = await skus(page);
    expect(first).toHaveLength(25);
    const lastOnHandOfFirst = amount((await column(page, 'On hand')).at(-1) ?? '');

    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]cursor=/);
    await expect.poll(() => skus(page)).not.toEqual(first);
    await settled(page);
    const second = await skus(page);
    expect(second).toHaveLength(25);
    expect(second.filter((sku) => first.includes(sku))).toEqual([]);
    // The second page continues the order of the first.
    expect(amount((await column(page, 'On hand'))[0] ?? '')).toBeLessThanOrEqual(lastOnHandOfFirst);

    await pagination(page).getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => skus(page)).toEqual(first);

    // Back and forward walk the pages as they were visited.
    await page.goBack();
    await expect.poll(() => skus(page)).toEqual(second);
    await page.goBack();
    await expect.poll(() => skus(page)).toEqual(first);
    await expect(page).toHaveURL(/\/acme-outdoor\/inventory\?sort=-onHand$/);
    await page.goForward();
    await expect.poll(() => skus(page)).toEqual(second);
  });

  test('the export downloads a CSV of the rows the screen is filtered to, in its order', async ({
    page,
  }) => {
    await page.goto(LIST);
    await settled(page);
    await selectFilter(page, 'Category', 'Tents');
    await selectFilter(page, 'Status', 'active');
    await table(page).getByRole('button', { name: 'Available' }).click();
    await showsQuery(page, { category: 'Tents', status: 'active', sort: 'available' });
    const total = await listTotal(page);
    const firstPage = await skus(page);

    await expect(exportLink(page)).toHaveAttribute(
      'href',
      '/api/partners/acme-outdoor/inventory.csv?status=active&category=Tents&sort=available',
    );
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink(page).click()]);
    expect(download.suggestedFilename()).toMatch(/^acme-outdoor-inventory-.*\.csv$/);
    const path = await download.path();
    const [header, ...records] = parseCsv(await readFile(path, 'utf8'));

    expect(header).toEqual(expect.arrayContaining(['sku', 'category', 'status', 'available']));
    const cell = (record: string[], name: string) => record[header?.indexOf(name) ?? -1];
    expect(records).toHaveLength(total);
    for (const record of records) {
      expect(cell(record, 'category')).toBe('Tents');
      expect(cell(record, 'status')).toBe('active');
    }
    expect(records.slice(0, firstPage.length).map((record) => cell(record, 'sku'))).toEqual(
      firstPage,
    );
    const available = records.map((record) => Number(cell(record, 'available')));
    expect([...available].sort((a, b) => a - b)).toEqual(available);
  });

  test('a search that finds nothing offers to clear the filters', async ({ page }) => {
    await page.goto(`${LIST}?q=no-such-thing-anywhere`);
    await expect(page.getByRole('heading', { name: 'No items match these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
    await showsQuery(page, {});
    await expect(page).toHaveURL(/\/acme-outdoor\/inventory$/);
    expect(await listTotal(page)).toBe(300);
  });

  // The rows stack as cards on a phone (docs/product.md "Phones"): no sideways scroll at all, not
  // even in the table's own box (tests/portal/phones.spec.ts measures every row).
  test('fits a 375 px screen: neither the page nor the table scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(LIST);
    await settled(page);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBe(0);
    const scroller = page.getByRole('region', { name: 'Inventory items' });
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
      false,
    );

    await table(page).getByRole('link', { name: 'ACM-ACC-00008' }).click();
    await expect(
      page.getByRole('table', { name: 'Movements' }).locator('tbody tr').first(),
    ).toBeVisible();
    expect(await overflow()).toBe(0);
  });
});

test.describe('inventory item', () => {
  test('opens from the list and shows its quantities and movements', async ({
    page,
    browserErrors,
  }) => {
    await signInThroughApi(page, 'viewer@acme.example');
    await openItem(page, 'ACM-BAG-00005');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ridge Backpack, 45 L');
    await expect(page).toHaveTitle(
      'Ridge Backpack, 45 L · Inventory · acme-outdoor · Partner Portal',
    );
    await expect(
      page.getByRole('main').locator('header').getByText('In stock', { exact: true }),
    ).toBeVisible();
    for (const term of [
      'On hand',
      'Reserved',
      'Available',
      'Inbound',
      'Damaged',
      'Reorder point',
    ]) {
      await expect(stockFigure(page, term)).toHaveText(/^\d[\d,]*/);
    }
    const onHand = amount(await stockFigure(page, 'On hand').innerText());
    const reserved = amount(await stockFigure(page, 'Reserved').innerText());
    await expect(stockFigure(page, 'Available')).toHaveText(String(onHand - reserved));

    const movements = page.getByRole('table', { name: 'Movements' });
    const movementRows = movements.locator('tbody tr');
    await expect(movementRows.first()).toBeVisible();
    // The loss of 3 units 12 days before the load, not claimed.
    const loss = movementRows.filter({ hasText: 'Loss' }).filter({ hasText: '−3' }).first();
    await expect(loss).toBeVisible();
    await expect(loss).toContainText('Not claimed');

    expect(browserErrors).toEqual([]);
  });

  test('pages the movement history, newest first, with back and forward', async ({ page }) => {
    await signInThroughApi(page, 'viewer@acme.example');
    // How many movements an item has is the generator's; take a named item with more than a page.
    const sku = await namedItemWithMovementPages(page);
    await openItem(page, sku);
    const movements = page.getByRole('table', { name: 'Movements' });
    // A movement's time, not a skeleton row (read then, the first page was empty and the test failed
    // under load).
    await expect(movements.locator('tbody th time').first()).toBeVisible();
    // The rows render in slices (a transition): read a page once all of its rows are there.
    await expect(movements.locator('tbody tr')).toHaveCount(25);

    // Newest first, the page's cursor in the URL.
    const occurred = () =>
      movements
        .locator('tbody th time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    const firstDates = await occurred();
    expect([...firstDates].sort().reverse()).toEqual(firstDates);
    const movementPages = page.getByRole('navigation', { name: 'Pages of movements' });
    await movementPages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]cursor=/);
    const itemId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const cursor = new URL(page.url()).searchParams.get('cursor') ?? '';
    const secondPage = (await (
      await page.request.get(
        `/api/partners/acme-outdoor/inventory/${itemId}/movements?cursor=${encodeURIComponent(cursor)}`,
      )
    ).json()) as { items: Array<{ occurredAt: string }> };
    await expect.poll(occurred).toHaveLength(secondPage.items.length);
    await expect.poll(async () => (await occurred())[0]).not.toBe(firstDates[0]);
    const secondDates = await occurred();
    expect((secondDates[0] ?? '') <= (firstDates.at(-1) ?? '')).toBe(true);
    await page.goBack();
    await expect.poll(occurred).toEqual(firstDates);
    await page.goForward();
    await expect.poll(occurred).toEqual(secondDates);
  });

  test('a viewer sees no edit control for the reorder point, nor "File a claim"', async ({
    page,
  }) => {
    await signInThroughApi(page, 'viewer@acme.example');
    await openItem(page, 'ACM-BAG-00005');

    await expect(stockFigure(page, 'Reorder point')).toBeVisible();
    await expect(page.getByRole('button', { name: /reorder point/i })).toHaveCount(0);
    await expect(page.getByRole('spinbutton')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^File a claim/ })).toHaveCount(0);
  });

  test('a manager sets the reorder point in place; it stays after a reload', async ({ page }) => {
    await signInThroughApi(page, 'manager@acme.example');
    // A low item: one more unit of reorder point keeps it low, so other tests see the same states.
    await openItem(page, 'ACM-SLP-00002');
    const pill = page.getByRole('main').locator('header').getByText('Low stock', { exact: true });
    await expect(pill).toBeVisible();
    const before = amount(await stockFigure(page, 'Reorder point').innerText());
    const itemUrl = page.url();
    const itemId = itemUrl.split('/').at(-1) ?? '';

    try {
      await page.getByRole('button', { name: 'Edit reorder point' }).click();
      const field = page.getByRole('spinbutton', { name: 'Reorder point' });
      await expect(field).toBeFocused();
      await field.fill(String(before + 1));
      await page.getByRole('button', { name: 'Save' }).click();

      await expect(page.getByRole('spinbutton')).toHaveCount(0);
      await expect(stockFigure(page, 'Reorder point')).toContainText(String(before + 1));
      await page.reload();
      await expect(stockFigure(page, 'Reorder point')).toContainText(String(before + 1));
      await expect(pill).toBeVisible();

      // A value the API refuses: its message beside the field.
      await page.getByRole('button', { name: 'Edit reorder point' }).click();
      await page.getByRole('spinbutton', { name: 'Reorder point' }).fill('2000000000');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('spinbutton', { name: 'Reorder point' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await page.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      // Leave the demo data as it was, through the API (the CSRF header repeats the cookie).
      const cookies = await page.context().cookies();
      const csrf = cookies.find(({ name }) => name === 'csrf')?.value ?? '';
      const restored = await page.request.patch(`/api/partners/acme-outdoor/inventory/${itemId}`, {
        data: { reorderPoint: before },
        headers: { 'X-CSRF-Token': csrf },
      });
      expect(restored.status()).toBe(200);
    }
  });

  test('a manager is offered "File a claim" on an unclaimed loss', async ({ page }) => {
    await signInThroughApi(page, 'manager@acme.example');
    await openItem(page, 'ACM-BAG-00005');

    const fileClaim = page.getByRole('link', { name: /^File a claim for the loss of 3 units/ });
    await expect(fileClaim).toBeVisible();
    await expect(fileClaim).toHaveAttribute(
      'href',
      /^\/acme-outdoor\/claims\?fileFor=[0-9a-f-]{36}&item=[0-9a-f-]{36}$/,
    );
  });

  test("an item the partner does not have is the product's not-found screen", async ({ page }) => {
    await signInThroughApi(page, 'viewer@acme.example');
    await page.goto('/acme-outdoor/inventory/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});
