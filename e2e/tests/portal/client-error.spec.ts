import { expect, test, type APIRequestContext } from '@playwright/test';

// The entry bundle and what it preloads come from index.html; every other script is a lazily loaded
// route chunk. The test breaks those chunks in flight, as a bad deploy or a proxy would.
async function entryScripts(request: APIRequestContext) {
  const html = await (await request.get('/signin')).text();
  return new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  );
}

test('a route chunk that throws while loading shows the application error page and logs the error', async ({
  page,
  request,
  baseURL,
}) => {
  const entry = await entryScripts(request);
  expect(entry.size).toBeGreaterThan(0);
  let broken = 0;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (entry.has(path)) return route.continue();
    broken += 1;
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'throw new Error("chunk exploded while loading");',
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.goto('/acme-outdoor/overview');

  const host = new URL(baseURL!).host;
  await expect(
    page.getByText(
      `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`,
      { exact: true },
    ),
  ).toBeVisible();
  expect(broken).toBeGreaterThan(0);
  expect(consoleErrors.join('\n')).toContain('chunk exploded while loading');
  // Never a stack trace on the page.
  await expect(page.locator('body')).not.toContainText(/at \S+ \(|\.js:\d+:\d+/);
});

test('a chunk that fails to download also ends on the application error page', async ({
  page,
  request,
  baseURL,
}) => {
  const entry = await entryScripts(request);
  await page.route(/\/assets\/.+\.js$/, (route) =>
    entry.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort('failed'),
  );
  await page.goto('/acme-outdoor/claims');
  await expect(
    page.getByText(
      `Application error: a client-side exception has occurred while loading ${new URL(baseURL!).host} (see the browser console for more information).`,
    ),
  ).toBeVisible();
});
