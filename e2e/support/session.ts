import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const demoPassword = 'portal-demo-passphrase';

let signIns = 0;

/**
 * Signs the page's browser context in through the API (the cookies land in the context). Each call
 * comes from a client address of its own (`X-Forwarded-For`, trusted from the loopback by the e2e
 * server): the suite stands for many people, and one address may sign in 30 times a minute
 * (docs/product.md §5), which a fast run of the suite outpaces.
 */
export async function signInThroughApi(page: Page, email: string, password = demoPassword) {
  signIns += 1;
  const client = `198.18.${test.info().parallelIndex}.${signIns % 250}`;
  const response = await page.request.post('/api/auth/signin', {
    data: { email, password },
    headers: { 'x-forwarded-for': client },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A signed-in browser context of its own: two people at once, as in real life. */
export async function personAt(
  browser: Browser,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, email);
  return { context, page };
}
