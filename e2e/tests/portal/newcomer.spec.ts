import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { demoPassword, signInThroughApi } from '../../support/session';

// A newcomer's first ten minutes: what a refused (CSRF) sign-in says, and the app shell on a phone.
// `pnpm start` opened through 127.0.0.1 rather than localhost is in start.spec.ts, on the server
// `pnpm start` itself starts there.

async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a sign-in refused as cross-site (403 csrf) asks to reload the page, not a server error', async ({
  page,
}) => {
  await page.route('**/api/auth/signin', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'urn:partner-portal:problem:csrf',
        title: 'Forbidden',
        status: 403,
        detail: 'The request did not come from this site.',
        code: 'csrf',
        requestId: 'e2e-csrf',
      }),
    }),
  );
  await page.goto('/signin');
  await signInThroughForm(page, 'manager@acme.example');
  // The message, and perhaps a button that reloads: either says it.
  await expect(page.getByText(/reload the page/i).first()).toBeVisible();
  await expect(page.getByText(/went wrong on our side/i)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin/);
});

type Box = { x: number; y: number; width: number; height: number };

/**
 * Where an element is drawn: its box, widened by the text it renders (text that overflows its box, or
 * wraps out of it, is drawn outside the element's own box), less what an ancestor clips (an ellipsis,
 * visually hidden text).
 */
async function drawnBox(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  return locator.evaluate((element) => {
    const visible = (rect: DOMRect, from: Element) => {
      let { left, top, right, bottom } = rect;
      for (let box: Element | null = from; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        const clip = box.getBoundingClientRect();
        if (style.overflowX !== 'visible') {
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (style.overflowY !== 'visible') {
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
      }
      return { left, top, right, bottom };
    };
    const drawn = [visible(element.getBoundingClientRect(), element)];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) drawn.push(visible(rect, node.parentElement));
    }
    const shown = drawn.filter((r) => r.right - r.left > 1 && r.bottom - r.top > 1);
    const left = Math.min(...shown.map((r) => r.left));
    const top = Math.min(...shown.map((r) => r.top));
    const right = Math.max(...shown.map((r) => r.right));
    const bottom = Math.max(...shown.map((r) => r.bottom));
    return { x: left, y: top, width: right - left, height: bottom - top };
  });
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

test.describe('the app shell at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // One partner: the switcher is the partner's name; several: a menu button.
  const accounts = [
    {
      email: 'manager@acme.example',
      switcher: (bar: Locator) => bar.getByText('Acme Outdoor Co.'),
    },
    {
      email: 'multi@example.com',
      switcher: (bar: Locator) => bar.getByRole('button', { name: /Acme Outdoor Co\./ }),
    },
  ];

  for (const { email, switcher } of accounts) {
    test(`the top bar's controls do not overlap (${email})`, async ({ page }, testInfo) => {
      await signInThroughApi(page, email);
      await page.goto('/acme-outdoor/overview');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/overview/i);
      const bar = page.getByRole('banner');
      const parts = {
        'navigation button': bar.getByRole('button', { name: 'Menu', exact: true }),
        'product name': bar.getByText('Partner Portal', { exact: true }),
        'partner switcher': switcher(bar),
        'user menu': bar.getByRole('button', { name: /^Account:/ }),
      };
      const boxes = Object.entries(parts);
      const drawn: Array<[string, Box]> = [];
      for (const [name, locator] of boxes) drawn.push([name, await drawnBox(locator)]);

      const screenshot = await page.screenshot({ path: testInfo.outputPath('shell-375px.png') });
      await testInfo.attach(`app shell at 375 px (${email})`, {
        body: screenshot,
        contentType: 'image/png',
      });

      const barBox = await bar.boundingBox();
      expect(barBox).not.toBeNull();
      const viewport = page.viewportSize() ?? { width: 375, height: 812 };
      for (const [name, box] of drawn) {
        expect(box.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(
          viewport.width,
        );
        // A name that wraps onto a second line spills out of the bar.
        expect(box.y, `${name} inside the top bar`).toBeGreaterThanOrEqual(barBox!.y - 0.5);
        expect(box.y + box.height, `${name} inside the top bar`).toBeLessThanOrEqual(
          barBox!.y + barBox!.height + 0.5,
        );
      }
      const overlapping = drawn.flatMap(([name, box], index) =>
        drawn
          .slice(index + 1)
          .filter(([, other]) => overlap(box, other))
          .map(([otherName]) => `${name} overlaps ${otherName}`),
      );
      expect(overlapping, JSON.stringify(Object.fromEntries(drawn))).toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(viewport.width);
    });
  }
});
