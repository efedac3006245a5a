import { expect, type Page } from '@playwright/test';

export const demoPassword = 'portal-demo-passphrase';

/** Signs the page's browser context in through the API (the cookies land in the context). */
export async function signInThroughApi(page: Page, email: string, password = demoPassword) {
  const response = await page.request.post('/api/auth/signin', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}
