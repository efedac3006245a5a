import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// A 375 px phone (docs/product.md "Phones"): every row of every list shows its key figures and its
// actions without a sideways scroll. Each row, each of its cells and each control in it is measured
// against the viewport, and neither the page nor the table's own scrolling box may scroll sideways.
const WIDTH = 375;
const patiently = { timeout: 30_000 };

test.use({ viewport: { width: WIDTH, height: 812 } });
test.describe.configure({ timeout: 90_000 });

type Measured = { rows: number; outside: string[]; pageOverflow: number; tableOverflow: number };

/**
 * Every row of the table's body, its cells and the links, buttons and pickers in them: what ends
 * left of 0 or right of the viewport, and by how much the page and the table's box scroll sideways.
 */
function measure(table: Locator): Promise<Measured> {
  return table.evaluate((element) => {
    const width = document.documentElement.clientWidth;
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    const outside: string[] = [];
    const rows = [...element.querySelectorAll('tbody tr')];
    for (const row of rows) {
      const parts = [row, ...row.querySelectorAll('th, td, a, button, select, [role="combobox"]')];
      for (const part of parts) {
        const box = part.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
          outside.push(`${describe(part)}: ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
      }
    }
    const scroller = element.closest('[role="region"]') ?? element;
    // A box may fit while its text runs past it (a pill that does not wrap): name such text, since
    // it is what scrolls the table's box sideways.
    const edge = scroller.getBoundingClientRect().right;
    const texts = document.createTreeWalker(
      element.querySelector('tbody') ?? element,
      NodeFilter.SHOW_TEXT,
    );
    for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > edge + 0.5) {
        outside.push(
          `text "${(text.textContent ?? '').slice(0, 40)}": ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      }
    }
    return {
      rows: rows.length,
      outside,
      pageOverflow: document.documentElement.scrollWidth - width,
      tableOverflow: scroller.scrollWidth - scroller.clientWidth,
    };
  });
}

/** The row's box against the viewport: in it, whole. */
async function expectInside(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(WIDTH);
}

async function expectFits(table: Locator) {
  await expect(table.locator('tbody[aria-busy]')).toHaveCount(0, patiently);
  const measured = await measure(table);
  expect(measured.rows, 'rows to measure').toBeGreaterThan(0);
  expect(measured.outside).toEqual([]);
  expect(measured.pageOverflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(measured.tableOverflow, "the table's box scrolls sideways").toBeLessThanOrEqual(0);
}

const bodyRows = (table: Locator) => table.locator('tbody tr');

async function openItem(page: Page, sku: string) {
  await page.goto(`/acme-outdoor/inventory?q=${encodeURIComponent(sku)}`);
  await page
    .getByRole('table', { name: 'Inventory items' })
    .getByRole('link', { name: sku, exact: true })
    .click();
  await expect(page.getByRole('region', { name: 'Stock' })).toBeVisible(patiently);
}

test('the inventory list: each row shows its stock state, on hand and available', async ({
  page,
}) => {
  await signInThroughApi(page, 'manager@acme.example');
  await page.goto('/acme-outdoor/inventory');
  const table = page.getByRole('table', { name: 'Inventory items' });
  await expect(bodyRows(table).first()).toBeVisible(patiently);
  await expectFits(table);
  for (const row of (await bodyRows(table).all()).slice(0, 5)) {
    await expectInside(row, 'the row');
    await expectInside(row.getByText(/^(In stock|Low stock|Out of stock)$/), 'the stock state');
    await expectInside(row.getByText('On hand', { exact: true }), "on hand's label");
    await expectInside(row.getByText('Available', { exact: true }), "available's label");
  }
  await page.screenshot({ path: test.info().outputPath('inventory-375.png'), fullPage: true });
});

test('the claims list: each row shows its status and amount', async ({ page }) => {
  await signInThroughApi(page, 'manager@acme.example');
  await page.goto('/acme-outdoor/claims');
  const table = page.getByRole('table', { name: 'Claims' });
  await expect(bodyRows(table).first()).toBeVisible(patiently);
  await expectFits(table);
  for (const row of (await bodyRows(table).all()).slice(0, 5)) {
    await expectInside(row, 'the row');
    await expectInside(row.getByText('Status', { exact: true }), "status' label");
    await expectInside(row.getByText('Claimed', { exact: true }), "the amount's label");
    await expectInside(row.getByRole('link').first(), "the claim's link");
  }
  await page.screenshot({ path: test.info().outputPath('claims-375.png'), fullPage: true });
});

test('an item\'s movements: each shows its quantity, and a loss its "File a claim"', async ({
  page,
}) => {
  await signInThroughApi(page, 'manager@acme.example');
  await openItem(page, 'ACM-BAG-00005');
  const table = page.getByRole('table', { name: 'Movements' });
  await expect(bodyRows(table).first()).toBeVisible(patiently);
  await expectFits(table);
  for (const row of await bodyRows(table).all()) {
    await expectInside(row, 'the row');
    await expectInside(row.getByText(/^[+−]\d/), 'the quantity');
  }
  for (const fileClaim of await table.getByRole('link', { name: /^File a claim/ }).all()) {
    await expectInside(fileClaim, '"File a claim"');
  }
  await page.screenshot({ path: test.info().outputPath('item-375.png'), fullPage: true });
});

test("members: each row shows the role picker and Remove (an admin's view)", async ({ page }) => {
  await signInThroughApi(page, 'admin@acme.example');
  await page.goto('/acme-outdoor/members');
  const table = page.getByRole('table', { name: 'Members' });
  await expect(bodyRows(table).first()).toBeVisible(patiently);
  await expectFits(table);
  const others = bodyRows(table).filter({ has: page.getByRole('button', { name: /^Remove / }) });
  expect(await others.count()).toBeGreaterThan(0);
  for (const row of await others.all()) {
    await expectInside(row, 'the row');
    await expectInside(row.getByRole('combobox'), 'the role picker');
    await expectInside(row.getByRole('button', { name: /^Remove / }), 'Remove');
  }
  await page.screenshot({ path: test.info().outputPath('members-375.png'), fullPage: true });
});
