import { expect, test, type Page } from '@playwright/test';

export const demoPassword = 'portal-demo-passphrase';

/** Waits this many times at most for the sign-in limit to let a test in. */
const RATE_LIMITED_RETRIES = 2;

/**
 * Signs the page's browser context in through the API (the cookies land in the context). The BFF
 * takes 30 sign-ins a minute from one address (docs/product.md §5) and the suite signs in before
 * most tests: once its pages load fast enough it can outrun that limit, and a 429 then waits the
 * `Retry-After` the answer names (the test's time extended by as much) and tries again.
 */
export async function signInThroughApi(page: Page, email: string, password = demoPassword) {
  for (let retries = 0; ; retries += 1) {
    const response = await page.request.post('/api/auth/signin', { data: { email, password } });
    if (response.status() === 429 && retries < RATE_LIMITED_RETRIES) {
      const seconds = Number(response.headers()['retry-after'] ?? '60') + 1;
      test.info().setTimeout(test.info().timeout + seconds * 1000);
      await page.waitForTimeout(seconds * 1000);
      continue;
    }
    expect(response.status(), await response.text()).toBe(200);
    return;
  }
}
