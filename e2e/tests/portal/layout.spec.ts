import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// The smaller layout and focus fixes of the partner pages (docs/product.md §3, "Phones").
const patiently = { timeout: 30_000 };

test.describe('at 1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("the sidebar's background reaches the bottom of a long page", async ({ page }) => {
    await signInThroughApi(page, 'manager@acme.example');
    await page.goto('/acme-outdoor/inventory?limit=100');
    await expect(page.locator('tbody tr').nth(20)).toBeVisible(patiently);
    const { pageHeight, sidebar, main } = await page.evaluate(() => {
      const box = (element: Element | null) => {
        const rect = element!.getBoundingClientRect();
        return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY };
      };
      return {
        pageHeight: document.documentElement.scrollHeight,
        sidebar: box(document.querySelector('nav[aria-label="Partner sections"]')),
        main: box(document.querySelector('main')),
      };
    });
    expect(pageHeight, 'a page several screens long').toBeGreaterThan(2 * 720);
    // The sidebar (its background) spans the page, as far down as the main content does.
    expect(sidebar.bottom).toBeGreaterThanOrEqual(main.bottom - 1);
    expect(sidebar.top).toBeLessThanOrEqual(main.top + 1);
    // Its links still stay in view at the bottom of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(
      page.getByRole('navigation', { name: 'Partner sections' }).getByRole('link', {
        name: 'Inventory',
      }),
    ).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('sidebar-full.png'), fullPage: true });
  });

  test('Escape on the new-claim drawer returns focus to "New claim"', async ({ page }) => {
    await signInThroughApi(page, 'manager@acme.example');
    await page.goto('/acme-outdoor/claims');
    const newClaim = page.getByRole('button', { name: 'New claim', exact: true });
    await newClaim.click();
    const drawer = page.getByRole('dialog', { name: 'New claim' });
    await expect(drawer).toBeVisible(patiently);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(newClaim).toBeFocused();
  });
});

for (const width of [1280, 375]) {
  test(`every chart's table view shows all its columns at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughApi(page, 'manager@acme.example');
    // Months over nearly two years: the widest tables (four series, amounts in thousands).
    await page.goto('/acme-outdoor/analytics?from=2025-01-01&to=2026-11-25&granularity=month');
    // The page renders its cards progressively, the top items last: every card is there once they are.
    await expect(page.getByRole('region', { name: 'Top items by amount claimed' })).toBeVisible(
      patiently,
    );
    const toggles = page.getByRole('button', { name: 'Table view' });
    await expect(toggles.first()).toBeVisible(patiently);
    for (const toggle of await toggles.all()) await toggle.click();
    const tables = page.locator('[role="region"]:has(> table)');
    // Each chart's table, and the top items' list.
    await expect(tables).toHaveCount((await toggles.count()) + 1);
    const clipped = await tables.evaluateAll((regions) =>
      regions
        .filter((region) => region.scrollWidth > region.clientWidth)
        .map(
          (region) =>
            `${region.textContent?.slice(0, 40)}: ${region.scrollWidth} > ${region.clientWidth}`,
        ),
    );
    expect(clipped).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`tables-${width}.png`), fullPage: true });
  });
}
