import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// The app shell of a partner page names what its first load needs (docs/performance.md,
// Lighthouse): the route's chunks as modulepreloads, the session, the partner and the screen's first
// requests as fetch preloads. The browser must then use every preloaded answer (a request the portal
// makes otherwise goes out a second time) and load no script the shell did not name.

const slug = 'acme-outdoor';
const pages: Array<{ path: string; heading: RegExp; later?: RegExp }> = [
  { path: `/${slug}/overview`, heading: /overview/i },
  // The charts' plots and Recharts load when the first chart is drawn, after the data (ui-kit).
  {
    path: `/${slug}/analytics`,
    heading: /analytics/i,
    later: /^\/assets\/(LinePlot|BarPlot|PlotContainer)-[\w-]+\.js$/,
  },
  { path: `/${slug}/inventory`, heading: /inventory/i },
  { path: `/${slug}/claims`, heading: /claims/i },
  { path: `/${slug}/inventory?q=tent`, heading: /inventory/i },
];

for (const { path, heading, later } of pages) {
  test(`${path}: the shell names its first requests and scripts, and each goes out once`, async ({
    page,
    browserErrors,
  }) => {
    await signInThroughApi(page, 'manager@acme.example');
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requested.push(`${request.method()} ${url.pathname}${url.search}`);
    });

    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');

    const named = (rel: string) =>
      [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map(
        (match) => match[1],
      );
    const fetches = named('preload');
    expect(fetches).toEqual(expect.arrayContaining(['/api/me', `/api/partners/${slug}`]));
    // Each preloaded answer was handed to the portal's own request: one GET of each.
    for (const href of fetches) {
      expect(
        requested.filter((request) => request === `GET ${href}`),
        href,
      ).toHaveLength(1);
    }
    // No API GET of the first load went out twice.
    const apiGets = requested.filter((request) => request.startsWith('GET /api/'));
    expect(new Set(apiGets).size, apiGets.join('\n')).toBe(apiGets.length);

    // Every script of the first load was in the shell: the entry's or a modulepreload (but for
    // what the page loads later on purpose).
    const scripts = [
      ...[...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]),
      ...named('modulepreload'),
    ];
    const loaded = requested
      .filter((request) => /^GET \/assets\/.*\.js$/.test(request))
      .map((request) => request.slice('GET '.length));
    expect(loaded.length).toBeGreaterThan(0);
    expect(
      loaded.filter((script) => !scripts.includes(script) && !(later?.test(script) ?? false)),
    ).toEqual([]);
    expect(browserErrors).toEqual([]);
  });
}

test('a signed-out visitor of a partner page still ends on the sign-in page', async ({
  page,
  browserErrors,
}) => {
  await page.goto(`/${slug}/inventory`);
  await expect(page).toHaveURL(/\/signin\?next=%2Facme-outdoor%2Finventory$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/sign in/i);
  expect(browserErrors).toEqual([]);
});
