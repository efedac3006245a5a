import type { Locator, Page } from '@playwright/test';

import { expect as baseExpect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// The overview and analytics screens (#10) against the API's own answers, on acme-outdoor's demo
// data (docs/product.md §6), as its manager. The claims suite may claim ACM-BOT-00006's damage, so
// nothing here counts on a particular movement being unclaimed: the entries come from the API.

const MANAGER = 'manager@acme.example';

// Two shared cores: a screen's first answer and its charts may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const OVERVIEW = '/acme-outdoor/overview';
const ANALYTICS = '/acme-outdoor/analytics';

type Money = { amount: number; currency: string };
type Kpi = {
  key: string;
  label: string;
  unit: string;
  value: number | Money;
  previous: number | Money | null;
};
type AttentionItem = {
  kind: string;
  claim: { id: string; number: string } | null;
  movement: { id: string; itemId: string } | null;
  item: { sku: string } | null;
};
type Overview = {
  currency: string;
  kpis: Kpi[];
  needsAttention: { items: AttentionItem[]; total: number };
};
type Series = {
  key: string;
  label: string;
  unit: 'count' | 'money' | 'ratio' | 'days' | 'units';
  points: Array<{ bucket: string; value: number | null }>;
};
type Analytics = {
  from: string;
  to: string;
  granularity: string;
  currency: string;
  series: Series[];
};

type TopItems = {
  from: string;
  to: string;
  items: Array<{
    item: { id: string; sku: string; name: string };
    claims: number;
    amountClaimed: Money;
  }>;
};

/** GET from the page, with its cookies: what the screen itself was answered. */
async function apiFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as T;
  }, path);
}

// The portal's figures are English (portal/src/lib/format.ts).
const count = (value: number) => new Intl.NumberFormat('en').format(value);
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A series value as the charts' table view writes it (features/analytics/components/formats.ts). */
function tableValue(value: number | null, unit: Series['unit'], currency: string): string {
  if (value === null) return '—';
  if (unit === 'money') return money(value, currency);
  if (unit === 'ratio') return percent.format(value);
  if (unit === 'days') return `${decimal.format(value)} ${value === 1 ? 'day' : 'days'}`;
  return count(value);
}

/** The cards of the analytics screen, their series in the API's keys (chart-definitions.ts). */
const charts: Array<{ title: string; series: string[] }> = [
  {
    title: 'Claims filed by type',
    series: [
      'claims_filed_lost',
      'claims_filed_damaged',
      'claims_filed_shortage',
      'claims_filed_other',
    ],
  },
  {
    title: 'Amounts claimed, approved and paid',
    series: ['amount_claimed', 'amount_approved', 'amount_paid'],
  },
  { title: 'Approval rate', series: ['approval_rate'] },
  { title: 'Median days to decision', series: ['median_days_to_decision'] },
  { title: 'Units on hand', series: ['units_on_hand'] },
  { title: 'Value on hand', series: ['value_on_hand'] },
  { title: 'Units lost and damaged', series: ['units_lost', 'units_damaged'] },
  { title: 'Value lost and damaged', series: ['value_lost', 'value_damaged'] },
];

const keyFigures = (page: Page) => page.getByRole('list', { name: 'Key figures' });
const attention = (page: Page) => page.getByRole('list', { name: 'Needs attention' });
const kpiCard = (page: Page, label: string): Locator =>
  keyFigures(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

/** The first chart, drawn: the route's chunk (Recharts) and the answer are in, the charts rendered. */
const chartsDrawn = (page: Page) =>
  page
    .getByRole('region', { name: 'Claims filed by type' })
    .getByRole('img', { name: /^Claims filed by type, per/ });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('the overview', () => {
  test('shows the API’s figures, each change in words', async ({ page, browserErrors }) => {
    await signInThroughApi(page, MANAGER);
    await page.goto(OVERVIEW);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(keyFigures(page).getByRole('listitem')).toHaveCount(9);
    await expect(page).toHaveTitle('Overview · acme-outdoor · Partner Portal');

    const overview = await apiFromPage<Overview>(page, '/api/partners/acme-outdoor/overview');
    expect(overview.kpis).toHaveLength(9);
    for (const kpi of overview.kpis) {
      const card = kpiCard(page, kpi.label);
      const shown =
        typeof kpi.value === 'number'
          ? count(kpi.value)
          : money(kpi.value.amount, kpi.value.currency);
      await expect(card, kpi.key).toContainText(shown);
      if (kpi.previous === null) continue;
      const now = typeof kpi.value === 'number' ? kpi.value : kpi.value.amount;
      const before = typeof kpi.previous === 'number' ? kpi.previous : kpi.previous.amount;
      // Screen-reader words, not only an arrow and a colour.
      const words = now === before ? 'No change' : now > before ? /Up / : /Down /;
      await expect(card.getByText(words), kpi.key).toBeAttached();
    }

    const shownEntries = overview.needsAttention.items.length;
    await expect(
      page.getByText(`${count(shownEntries)} of ${count(overview.needsAttention.total)} shown`),
    ).toBeVisible();
    await expect(attention(page).getByRole('listitem')).toHaveCount(shownEntries);
    await expect(
      page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first(),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/dashboards-overview.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });

  test('a needs-attention entry opens its claim, or the claim form filled from the movement', async ({
    page,
  }) => {
    await signInThroughApi(page, MANAGER);
    await page.goto(OVERVIEW);
    await expect(attention(page)).toBeVisible();
    const overview = await apiFromPage<Overview>(page, '/api/partners/acme-outdoor/overview');

    const withClaim = overview.needsAttention.items.find((entry) => entry.claim !== null);
    if (withClaim?.claim) {
      await attention(page)
        .getByRole('link', { name: new RegExp(`: ${withClaim.claim.number}$`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/acme-outdoor/claims/${withClaim.claim.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Claim ${withClaim.claim.number}`,
      );
      await page.goBack();
      await expect(attention(page)).toBeVisible();
    }

    const unclaimed = overview.needsAttention.items.find((entry) => entry.movement !== null);
    expect(
      unclaimed,
      'the demo data holds recent losses and damages not yet claimed',
    ).toBeDefined();
    if (!unclaimed?.movement || !unclaimed.item) return;
    await attention(page)
      .getByRole('link', { name: new RegExp(`: ${unclaimed.item.sku}$`) })
      .first()
      .click();
    await expect(page).toHaveURL(
      `/acme-outdoor/claims?fileFor=${unclaimed.movement.id}&item=${unclaimed.movement.itemId}`,
    );
    const drawer = page.getByRole('dialog', { name: 'New claim' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: /^Item/ })).toHaveValue(
      new RegExp(unclaimed.item.sku),
    );
    await expect(
      drawer.getByRole('radio', {
        name: unclaimed.kind === 'unclaimed_loss' ? /^Lost/ : /^Damaged/,
      }),
    ).toBeChecked();
  });

  test('fits a 375 px screen', async ({ page }) => {
    await signInThroughApi(page, MANAGER);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(OVERVIEW);
    await expect(keyFigures(page).getByRole('listitem')).toHaveCount(9);
    await expect(attention(page)).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: 'test-results/dashboards-overview-375.png', fullPage: true });
  });
});

test.describe('analytics', () => {
  // Eight charts drawn again at each change of period, granularity or view.
  test.describe.configure({ timeout: 240_000 });

  test('keeps the period and granularity over a reload', async ({ page, browserErrors }) => {
    await signInThroughApi(page, MANAGER);
    await page.goto(ANALYTICS);
    await expect(chartsDrawn(page)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveValue('last-90-days');

    await page.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'Last 12 months' });
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
    await page.getByRole('radio', { name: 'Month' }).click();
    await expect(page).toHaveURL(/granularity=month/);
    const url = new URL(page.url());
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.reload();
    await expect(chartsDrawn(page)).toBeVisible({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('from')).toBe(from);
    expect(new URL(page.url()).searchParams.get('to')).toBe(to);
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveValue('last-12-months');
    await expect(page.getByLabel('From')).toHaveValue(from ?? '');
    await expect(page).toHaveTitle('Analytics · acme-outdoor · Partner Portal');
    expect(browserErrors).toEqual([]);
  });

  test('each chart’s table view shows the API’s numbers, and links its CSV', async ({ page }) => {
    await signInThroughApi(page, MANAGER);
    await page.goto(`${ANALYTICS}?granularity=month`);
    await expect(chartsDrawn(page)).toBeVisible({ timeout: 60_000 });
    // No period in the URL: the screen's default, the last 90 days ending today in the partner's
    // time zone, is the API's default too.
    const analytics = await apiFromPage<Analytics>(
      page,
      '/api/partners/acme-outdoor/analytics?granularity=month',
    );
    expect(analytics.granularity).toBe('month');
    await page.screenshot({ path: 'test-results/dashboards-analytics.png', fullPage: true });

    for (const chart of charts) {
      const card = page.getByRole('region', { name: chart.title });
      await expect(
        card.getByRole('img', { name: new RegExp(`^${chart.title}, per`) }),
      ).toBeVisible();
      await card.getByRole('button', { name: 'Table view' }).click();
      await expect(card.getByRole('button', { name: 'Table view' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const rows = card.getByRole('table').locator('tbody tr');
      const series = chart.series.map((key) => {
        const found = analytics.series.find((candidate) => candidate.key === key);
        if (!found) throw new Error(`no series ${key} in the API's answer`);
        return found;
      });
      const buckets = series[0]?.points.length ?? 0;
      await expect(rows, chart.title).toHaveCount(buckets);
      const expected = Array.from({ length: buckets }, (_, index) =>
        series.map((item) =>
          tableValue(item.points[index]?.value ?? null, item.unit, analytics.currency),
        ),
      );
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
      expect(shown, chart.title).toEqual(expected);

      const csv = card.getByRole('link', { name: `Download ${series[0]?.label} as CSV` });
      const href = new URL((await csv.getAttribute('href')) ?? '', page.url());
      expect(href.pathname).toBe('/api/partners/acme-outdoor/analytics.csv');
      expect(href.searchParams.get('series')).toBe(series[0]?.key);
      expect(href.searchParams.get('from')).toBe(analytics.from);
      expect(href.searchParams.get('granularity')).toBe('month');
    }
    await page.screenshot({ path: 'test-results/dashboards-analytics-tables.png', fullPage: true });

    // A CSV link downloads that series' numbers.
    const first = analytics.series[0];
    const response = await page.request.get(
      `/api/partners/acme-outdoor/analytics.csv?from=${analytics.from}&to=${analytics.to}&granularity=month&series=${first?.key}`,
    );
    expect(response.status()).toBe(200);
    expect((await response.text()).split(/\r?\n/)[0]).toBe('bucket,value');
  });

  test('asks for the top items beside the series, and their card shows the API’s, with their CSV', async ({
    page,
  }) => {
    await signInThroughApi(page, MANAGER);
    // The order in which the browser sent and was answered: the top items are not asked after the series.
    const events: string[] = [];
    const pathOf = (url: string) => new URL(url).pathname;
    page.on('request', (request) => events.push(`sent ${pathOf(request.url())}`));
    page.on('response', (response) => events.push(`answered ${pathOf(response.url())}`));
    await page.goto(ANALYTICS);
    await expect(chartsDrawn(page)).toBeVisible({ timeout: 60_000 });
    const series = '/api/partners/acme-outdoor/analytics';
    const topItemsPath = `${series}/top-items`;
    expect(events).toContain(`sent ${topItemsPath}`);
    expect(events.indexOf(`sent ${topItemsPath}`)).toBeLessThan(
      events.indexOf(`answered ${series}`),
    );

    // The screen's default period is the API's.
    const top = await apiFromPage<TopItems>(page, topItemsPath);
    const card = page.getByRole('region', { name: 'Top items by amount claimed' });
    // acme-outdoor's demo claims were submitted over the last weeks: some items are listed.
    expect(top.items.length).toBeGreaterThan(0);
    const rows = card.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(top.items.length);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector('th, td')?.textContent ?? ''),
    );
    expect(shown).toEqual(top.items.map(({ item }) => `${item.sku} ${item.name}`));

    const csv = card.getByRole('link', { name: 'Download CSV of the top items' });
    const href = new URL((await csv.getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe('/api/partners/acme-outdoor/analytics.csv');
    expect([...href.searchParams.entries()]).toEqual([
      ['from', top.from],
      ['to', top.to],
      ['series', 'top_items'],
    ]);
    const response = await page.request.get(href.toString());
    expect(response.status()).toBe(200);
    const lines = (await response.text()).split(/\r\n/).filter((line) => line !== '');
    expect(lines[0]).toBe('sku,name,claims,amount,currency');
    expect(lines).toHaveLength(top.items.length + 1);
  });

  test('fits a 375 px screen', async ({ page }) => {
    await signInThroughApi(page, MANAGER);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(ANALYTICS);
    await expect(chartsDrawn(page)).toBeVisible({ timeout: 60_000 });
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: 'test-results/dashboards-analytics-375.png', fullPage: true });
    const card = page.getByRole('region', { name: 'Amounts claimed, approved and paid' });
    await card.getByRole('button', { name: 'Table view' }).click();
    await expect(card.getByRole('table')).toBeVisible();
    expect(await overflow(page)).toBe(0);
  });
});
