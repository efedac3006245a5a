import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { acme, partnerBody, viewerSession } from '@/testing/fixtures';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { analytics, blankAnalytics, noTopItems, topItems } from '../testing/analytics-fixtures';

const ANALYTICS = '/api/partners/acme-outdoor/analytics';
const TOP_ITEMS = `${ANALYTICS}/top-items`;

function analyticsApi(handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(viewerSession),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    [`GET ${ANALYTICS}`]: (request) => {
      const query = new URL(request.url).searchParams;
      return Response.json({
        ...analytics,
        from: query.get('from'),
        to: query.get('to'),
        granularity: query.get('granularity'),
      });
    },
    [`GET ${TOP_ITEMS}`]: (request) => {
      const query = new URL(request.url).searchParams;
      return Response.json({ ...topItems, from: query.get('from'), to: query.get('to') });
    },
    ...handlers,
  });
}

const lastQuery = (api: ReturnType<typeof mockApi>, path = ANALYTICS) => {
  const sent = api.requests.filter((request) => new URL(request.url).pathname === path);
  return new URL(sent.at(-1)?.url ?? 'http://x/').searchParams;
};

/** A response the test sends when it chooses: the request stays pending until then. */
function deferred() {
  let send: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    send = resolve;
  });
  return { response, send };
}

const card = (name: string) => screen.getByRole('region', { name });

/**
 * The first chart card, once every card is in place: the route's chunk holds Recharts, slow to load
 * on a busy machine, and the cards after the first two render one a task (the top items last).
 */
const chartsShown = async () => {
  const first = await screen.findByRole(
    'region',
    { name: 'Claims filed by type' },
    { timeout: 15_000 },
  );
  await screen.findByRole('region', { name: 'Top items by amount claimed' }, { timeout: 15_000 });
  return first;
};

describe('analytics', () => {
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date('2026-11-25T10:00:00Z'),
      doNotFake: [
        'queueMicrotask',
        'setTimeout',
        'setInterval',
        'requestAnimationFrame',
        'clearTimeout',
        'clearInterval',
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'performance',
      ],
    });
  });
  afterEach(() => jest.useRealTimers());

  it('asks for the last 90 days by week by default and names the tab', async () => {
    const api = analyticsApi();
    renderRoute('/acme-outdoor/analytics');

    expect(await chartsShown()).toBeVisible();
    const query = lastQuery(api);
    expect(query.get('from')).toBe('2026-08-28');
    expect(query.get('to')).toBe('2026-11-25');
    expect(query.get('granularity')).toBe('week');
    const top = lastQuery(api, TOP_ITEMS);
    expect([...top.keys()]).toEqual(['from', 'to']);
    expect([top.get('from'), top.get('to')]).toEqual(['2026-08-28', '2026-11-25']);
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveDisplayValue('Last 90 days');
    await waitFor(() => expect(document.title).toBe('Analytics · acme-outdoor · Partner Portal'));
  });

  it('keeps the period and granularity in the URL', async () => {
    const api = analyticsApi();
    const { router } = renderRoute(
      '/acme-outdoor/analytics?from=2026-01-01&to=2026-03-31&granularity=month',
    );
    const user = userEvent.setup();

    await chartsShown();
    expect(lastQuery(api).get('from')).toBe('2026-01-01');
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Day' }));
    await waitFor(() => expect(lastQuery(api).get('granularity')).toBe('day'));
    expect(new URLSearchParams(router.state.location.search).get('granularity')).toBe('day');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-01-01');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'Last 30 days');
    await waitFor(() => expect(lastQuery(api).get('from')).toBe('2026-10-27'));
    expect(lastQuery(api, TOP_ITEMS).get('from')).toBe('2026-10-27');
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get('from'), search.get('to'), search.get('granularity')]).toEqual([
      '2026-10-27',
      '2026-11-25',
      'day',
    ]);
  });

  it('cuts a period of more than two years in the URL to two years, and says so', async () => {
    const api = analyticsApi();
    renderRoute('/acme-outdoor/analytics?from=2020-01-01&to=2026-06-30&granularity=month');

    await chartsShown();
    expect(lastQuery(api).get('from')).toBe('2024-06-30');
    expect(lastQuery(api).get('to')).toBe('2026-06-30');
    expect(screen.getByText(/more than two years, the longest period shown/)).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
  });

  it('shows "day" over more than 12 months by week, says why, and offers "day" again within 12 months', async () => {
    const api = analyticsApi();
    const user = userEvent.setup();
    renderRoute('/acme-outdoor/analytics?from=2025-01-01&to=2026-11-25&granularity=day');

    await chartsShown();
    expect(lastQuery(api).get('granularity')).toBe('week');
    expect(screen.getByText(/Shown by week: by day, a period longer than 12 months/)).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Day/ })).toBeDisabled();
    expect(screen.getByText('Up to 12 months')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'Last 30 days');
    await waitFor(() => expect(lastQuery(api).get('from')).toBe('2026-10-27'));
    expect(lastQuery(api).get('granularity')).toBe('day');
    expect(screen.getByRole('radio', { name: 'Day' })).toBeEnabled();
    expect(screen.queryByText(/Shown by week/)).not.toBeInTheDocument();
  });

  it('shows each chart as a table of the same numbers', async () => {
    analyticsApi();
    renderRoute('/acme-outdoor/analytics?from=2026-11-09&to=2026-11-25&granularity=week');
    const user = userEvent.setup();

    const filed = await chartsShown();
    expect(
      within(filed).getByRole('img', { name: /^Claims filed by type, per week/ }),
    ).toBeVisible();
    await user.click(within(filed).getByRole('button', { name: 'Table view' }));
    const rows = within(within(filed).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WeekLostDamagedShortageOther',
      'Week of Nov 9, 20262301',
      'Week of Nov 16, 20260100',
      'Week of Nov 23, 20261000',
    ]);

    const amounts = card('Amounts claimed, approved and paid');
    await user.click(within(amounts).getByRole('button', { name: 'Table view' }));
    expect(within(amounts).getAllByRole('row')[1]).toHaveTextContent(
      'Week of Nov 9, 2026€1,250.50€1,000.00€0.00',
    );

    const rate = card('Approval rate');
    await user.click(within(rate).getByRole('button', { name: 'Table view' }));
    expect(
      within(rate)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'WeekApproval rate',
      'Week of Nov 9, 202675%',
      'Week of Nov 16, 2026—',
      'Week of Nov 23, 2026100%',
    ]);

    const days = card('Median days to decision');
    await user.click(within(days).getByRole('button', { name: 'Table view' }));
    expect(within(days).getAllByRole('row')[1]).toHaveTextContent('4.5 days');

    const top = card('Top items by amount claimed');
    expect(await within(top).findByRole('row', { name: /ACM-TNT-00001/ })).toHaveTextContent(
      'ACM-TNT-00001 Trailhead tent3€1,200.00',
    );
  });

  it('asks for the series and the top items together, and shows the charts before the top items arrive', async () => {
    const series = deferred();
    const items = deferred();
    const api = analyticsApi({
      [`GET ${ANALYTICS}`]: () => series.response,
      [`GET ${TOP_ITEMS}`]: () => items.response,
    });
    renderRoute('/acme-outdoor/analytics?from=2026-11-09&to=2026-11-25&granularity=week');

    // Both sent while neither has answered: not one after the other.
    await waitFor(() => expect(api.calls).toContain(`GET ${TOP_ITEMS}`));
    expect(api.calls).toContain(`GET ${ANALYTICS}`);

    series.send(Response.json(analytics));
    await chartsShown();
    const top = card('Top items by amount claimed');
    expect(within(top).getByLabelText('Loading the top items')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(within(top).getByRole('link', { name: 'Download CSV of the top items' })).toBeVisible();

    items.send(Response.json(topItems));
    expect(await within(top).findByRole('row', { name: /ACM-TNT-00001/ })).toBeVisible();
    expect(within(top).queryByLabelText('Loading the top items')).not.toBeInTheDocument();
  });

  it('says in their card when the top items cannot be loaded, the charts staying, and retries them alone', async () => {
    const api = analyticsApi({ [`GET ${TOP_ITEMS}`]: () => problem(500, 'internal') });
    renderRoute('/acme-outdoor/analytics?from=2026-11-09&to=2026-11-25&granularity=week');
    const user = userEvent.setup();

    await chartsShown();
    const top = card('Top items by amount claimed');
    expect(
      await within(top).findByRole('heading', { name: "We couldn't load the top items" }),
    ).toBeVisible();
    expect(card('Claims filed by type')).toBeVisible();

    const seriesRequests = api.calls.filter((call) => call === `GET ${ANALYTICS}`).length;
    api.on({ [`GET ${TOP_ITEMS}`]: () => Response.json(topItems) });
    await user.click(within(top).getByRole('button', { name: 'Try again' }));
    expect(await within(top).findByRole('row', { name: /ACM-TNT-00001/ })).toBeVisible();
    expect(api.calls.filter((call) => call === `GET ${ANALYTICS}`)).toHaveLength(seriesRequests);
  });

  it('says when no item was claimed in the period', async () => {
    analyticsApi({ [`GET ${TOP_ITEMS}`]: () => Response.json(noTopItems) });
    renderRoute('/acme-outdoor/analytics?from=2026-11-09&to=2026-11-25&granularity=week');

    await chartsShown();
    expect(
      await within(card('Top items by amount claimed')).findByRole('heading', {
        name: 'No claims filed in this period',
      }),
    ).toBeVisible();
  });

  it('links each series to its CSV over the period on screen', async () => {
    analyticsApi();
    renderRoute('/acme-outdoor/analytics?from=2026-11-09&to=2026-11-25&granularity=week');

    const filed = await chartsShown();
    expect(within(filed).getByRole('link', { name: 'Download Damaged as CSV' })).toHaveAttribute(
      'href',
      `${ANALYTICS}.csv?from=2026-11-09&to=2026-11-25&granularity=week&series=claims_filed_damaged`,
    );
    const top = card('Top items by amount claimed');
    await within(top).findByRole('row', { name: /ACM-TNT-00001/ });
    expect(
      within(top).getByRole('link', { name: 'Download CSV of the top items' }),
    ).toHaveAttribute('href', `${ANALYTICS}.csv?from=2026-11-09&to=2026-11-25&series=top_items`);
  });

  it('says when nothing happened in the period', async () => {
    analyticsApi({
      [`GET ${ANALYTICS}`]: () => Response.json(blankAnalytics),
      [`GET ${TOP_ITEMS}`]: () => Response.json(noTopItems),
    });
    renderRoute('/acme-outdoor/analytics');

    expect(
      await screen.findByRole('heading', { name: 'Nothing happened in this period' }),
    ).toBeVisible();
  });

  it('says when the analytics cannot be loaded', async () => {
    analyticsApi({ [`GET ${ANALYTICS}`]: () => problem(500, 'internal') });
    renderRoute('/acme-outdoor/analytics');

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the analytics" }),
    ).toBeVisible();
  });
});
