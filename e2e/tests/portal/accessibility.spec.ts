import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// Axe on every partner page, the staff's pages and the sign-in pages, at 1280 and at 375 px wide (docs/product.md
// "Accessibility"): axe-core's own defaults, every rule that is on by default in 4.14 and none
// switched off. (The Storybook walk turns the page-level rules off for a component in isolation; a
// page of the product has none to spare.)
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const PARTNER = '/acme-outdoor';
const patiently = { timeout: 30_000 };

/** The violations axe finds on the page as it is now, one line each: rule, then its nodes. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not a script tag: the page's Content-Security-Policy (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; nodes: Array<{ target: string[]; failureSummary?: string }> };
    type Axe = { run(context: Document): Promise<{ violations: Violation[] }> };
    const { axe } = window as unknown as { axe: Axe };
    const results = await axe.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  });
  return violations.map(({ id, nodes }) => `${id}\n  ${nodes.join('\n  ')}`);
}

/** The first claim and the first item of the demo partner, as the list screens link them. */
async function firstDetailPaths(page: Page) {
  const claims = await page.request.get(`/api/partners${PARTNER}/claims?limit=1`);
  expect(claims.status()).toBe(200);
  const items = await page.request.get(`/api/partners${PARTNER}/inventory?limit=1`);
  expect(items.status()).toBe(200);
  const claim = ((await claims.json()) as { items: Array<{ id: string }> }).items[0];
  const item = ((await items.json()) as { items: Array<{ id: string }> }).items[0];
  expect(claim && item, 'the demo data has claims and items').toBeTruthy();
  return { claim: `${PARTNER}/claims/${claim!.id}`, item: `${PARTNER}/inventory/${item!.id}` };
}

/** Waits until the screen shows its data: the heading, no skeleton or busy list, no pending chart. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(patiently);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, patiently);
  await page.waitForLoadState('networkidle');
}

for (const width of [1280, 375]) {
  test.describe(`axe at ${width} px wide`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });
    test.describe.configure({ timeout: 120_000 });

    test('the partner pages have no violations', async ({ page }) => {
      await signInThroughApi(page, 'manager@acme.example');
      const details = await firstDetailPaths(page);
      const pages = {
        overview: `${PARTNER}/overview`,
        analytics: `${PARTNER}/analytics`,
        inventory: `${PARTNER}/inventory`,
        item: details.item,
        claims: `${PARTNER}/claims`,
        claim: details.claim,
        members: `${PARTNER}/members`,
      };
      const found: Record<string, string[]> = {};
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(path);
        await settled(page);
        if (name === 'analytics') {
          // Every chart draws once it comes near the viewport: scroll them all in before axe looks.
          for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
            await page.evaluate((top) => window.scrollTo(0, top), y);
            await page.waitForTimeout(100);
          }
          await settled(page);
        }
        found[name] = await axeViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(pages).map((name) => [name, []])));
    });

    test('the staff pages have no violations', async ({ page }) => {
      await signInThroughApi(page, 'staff@portal.example');
      const details = await firstDetailPaths(page);
      const pages = {
        queue: '/staff',
        partners: '/staff/partners',
        'claim for staff': details.claim,
      };
      const found: Record<string, string[]> = {};
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(path);
        await settled(page);
        found[name] = await axeViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(pages).map((name) => [name, []])));
    });

    test('the sign-in pages have no violations', async ({ page }) => {
      const pages = {
        'sign in': '/signin',
        'forgot password': '/forgot-password',
        'reset password': '/reset-password?token=not-a-token',
        welcome: '/welcome?token=not-a-token',
      };
      const found: Record<string, string[]> = {};
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(path);
        await settled(page);
        found[name] = await axeViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(pages).map((name) => [name, []])));
    });
  });
}
