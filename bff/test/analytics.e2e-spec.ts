import Papa from 'papaparse';
import { DataSource } from 'typeorm';
import { addDays } from '../src/analytics/analytics.buckets.js';
import { SERIES_KEYS } from '../src/analytics/analytics.series.js';
import type { AnalyticsDto } from '../src/analytics/dto/analytics.dto.js';
import { partnerToday } from '../src/claims/claims.service.js';
import type { InventoryItem } from '../src/inventory/inventory-item.entity.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import { insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

type Who = 'viewer' | 'manager' | 'admin' | 'staff' | 'outsider';

/**
 * The analytics API (docs/api.md, Analytics): its defaults and buckets, an answer that includes a
 * movement or a transition as soon as it is acknowledged, its 400s, who may read it, and its CSV.
 */
describe('analytics API', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let formulaItem: InventoryItem;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'analytics-api', { timeZone: 'America/New_York' });
    [formulaItem] = (await insertItems(dataSource, world.partner.id, [
      { sku: '+SKU-1', name: '=HYPERLINK("http://evil.test")', unitValue: 1234, onHand: 50 },
    ])) as [InventoryItem];
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const today = () => partnerToday(new Date(), world.partner.timeZone);
  const get = (path: string, who: Who = 'viewer') =>
    api.request({
      url: `/api/partners/${world.partner.slug}/${path}`,
      headers: { authorization: `Bearer ${world.tokens[who]}` },
    });
  const analytics = async (query = '', who: Who = 'viewer'): Promise<AnalyticsDto> => {
    const response = await get(`analytics${query}`, who);
    expect([response.statusCode, response.headers['cache-control']]).toEqual([200, 'no-store']);
    return response.json<AnalyticsDto>();
  };
  const pointOf = (answer: AnalyticsDto, key: string, bucket = today()) =>
    answer.series.find((series) => series.key === key)?.points.find((p) => p.bucket === bucket)
      ?.value;

  it('answers the 90 days up to the partner’s today by day, every series in order, zeros included', async () => {
    const answer = await analytics();
    expect(answer).toMatchObject({
      from: addDays(today(), -89),
      to: today(),
      granularity: 'day',
      timeZone: 'America/New_York',
      currency: 'EUR',
    });
    expect(answer.series.map((series) => series.key)).toEqual(SERIES_KEYS);
    for (const series of answer.series) {
      expect(series.points).toHaveLength(90);
      expect(series.points[0]?.bucket).toBe(answer.from);
      expect(series.points[89]?.bucket).toBe(answer.to);
    }
    expect(pointOf(answer, 'claims_filed_lost')).toBe(0);
    expect(pointOf(answer, 'approval_rate')).toBeNull();
    expect(pointOf(answer, 'median_days_to_decision')).toBeNull();
    expect(pointOf(answer, 'units_on_hand')).toBe(1000 + 50);
    expect(pointOf(answer, 'value_on_hand')).toBe(1000 * 250 + 50 * 1234);
    expect(answer.topItems).toEqual([]);
  });

  it('labels partial weeks by their Monday and partial months by their 1st, and allows days after today', async () => {
    const weeks = await analytics('?from=2026-11-25&to=2026-12-02&granularity=week');
    expect(weeks.series[0]?.points.map((point) => point.bucket)).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
    const months = await analytics('?from=2026-01-31&to=2026-03-01&granularity=month');
    expect(months.series[0]?.points.map((point) => point.bucket)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    const ahead = addDays(today(), 10);
    const future = await analytics(`?from=${today()}&to=${ahead}`);
    expect(pointOf(future, 'units_on_hand', ahead)).toBe(pointOf(future, 'units_on_hand'));
    expect(pointOf(future, 'claims_filed_lost', ahead)).toBe(0);
  });

  it('includes a movement and a transition in the next answer once they are acknowledged', async () => {
    const before = await analytics();
    const recorded = await api.request({
      method: 'POST',
      url: `/api/partners/${world.partner.slug}/inventory/${world.item.id}/movements`,
      headers: { authorization: `Bearer ${world.tokens.staff}` },
      payload: { kind: 'loss', quantity: -3 },
    });
    expect(recorded.statusCode).toBe(201);
    const afterMovement = await analytics();
    expect(pointOf(afterMovement, 'units_lost')).toBe(3);
    expect(pointOf(afterMovement, 'value_lost')).toBe(750);
    expect(pointOf(afterMovement, 'units_on_hand')).toBe(
      (pointOf(before, 'units_on_hand') ?? 0) - 3,
    );

    const client = claimsClient(api, world);
    const created = await client.create(
      'manager',
      draftBody(world, { itemId: formulaItem.id, quantity: 2 }),
    );
    expect(created.statusCode).toBe(201);
    const claim = created.json<{ id: string }>();
    const submitted = await client.transition('manager', claim.id, { action: 'submit' }, 1);
    expect(submitted.statusCode).toBe(200);
    const afterSubmit = await analytics();
    expect(pointOf(afterSubmit, 'claims_filed_lost')).toBe(1);
    expect(pointOf(afterSubmit, 'amount_claimed')).toBe(2468);
    expect(afterSubmit.topItems).toEqual([
      {
        item: { id: formulaItem.id, sku: '+SKU-1', name: '=HYPERLINK("http://evil.test")' },
        claims: 1,
        amountClaimed: { amount: 2468, currency: 'EUR' },
      },
    ]);

    expect(
      (await client.transition('staff', claim.id, { action: 'start_review' }, 2)).statusCode,
    ).toBe(200);
    const approved = await client.transition(
      'staff',
      claim.id,
      { action: 'approve', amountApproved: 2000 },
      3,
    );
    expect(approved.statusCode).toBe(200);
    const afterApproval = await analytics();
    expect(pointOf(afterApproval, 'amount_approved')).toBe(2000);
    expect(pointOf(afterApproval, 'approval_rate')).toBe(1);
    expect(pointOf(afterApproval, 'median_days_to_decision')).toBe(0);

    const paid = await client.transition(
      'staff',
      claim.id,
      { action: 'mark_paid', payoutReference: 'PAY-7' },
      4,
    );
    expect(paid.statusCode).toBe(200);
    expect(pointOf(await analytics(), 'amount_paid')).toBe(2000);
  });

  it('refuses a bad range, granularity or parameter with 400 problem details naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-02-30', 'from'],
      ['?to=26-11-25', 'to'],
      ['?from=2026-11-26&to=2026-11-25', 'from'],
      ['?from=2024-11-24&to=2026-11-25', 'from'],
      [`?from=${addDays(today(), 1)}`, 'from'],
      ['?granularity=year', 'granularity'],
      ['?granularity=', 'granularity'],
      ['?from=2026-11-01&from=2026-11-02', 'from'],
      ['?bucket=day', 'bucket'],
      ['?series=amount_paid', 'series'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`analytics${query}`);
      expect([query, response.statusCode, response.headers['content-type']]).toEqual([
        query,
        400,
        'application/problem+json; charset=utf-8',
      ]);
      expect(response.json()).toMatchObject({ code: 'validation', errors: [{ field }] });
    }
    // Exactly two years: allowed (the same calendar date).
    expect((await get('analytics?from=2024-11-25&to=2026-11-25')).statusCode).toBe(200);
    expect((await get('analytics?from=2026-02-28&to=2028-02-29')).statusCode).toBe(200);
    expect((await get('analytics?from=2026-02-27&to=2028-02-29')).statusCode).toBe(400);

    for (const [query, field] of [
      ['', 'series'],
      ['?series=nope', 'series'],
      ['?series=top_items&granularity=week&limit=5', 'limit'],
      ['?series=units_lost&from=2026-11-26&to=2026-11-25', 'from'],
    ] as const) {
      const response = await get(`analytics.csv${query}`);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json()).toMatchObject({ code: 'validation', errors: [{ field }] });
    }
  });

  it('answers members of every role and staff; another partner’s member gets the 404 of a missing partner', async () => {
    for (const who of ['viewer', 'manager', 'admin', 'staff'] as const) {
      expect([who, (await get('analytics', who)).statusCode]).toEqual([who, 200]);
      expect([who, (await get('analytics.csv?series=units_lost', who)).statusCode]).toEqual([
        who,
        200,
      ]);
    }
    for (const path of ['analytics', 'analytics.csv?series=top_items']) {
      const outsider = await get(path, 'outsider');
      expect([path, outsider.statusCode]).toEqual([path, 404]);
      const missing = await api.request({
        url: `/api/partners/no-such-partner/${path}`,
        headers: { authorization: `Bearer ${world.tokens.viewer}` },
      });
      expect(outsider.json<{ code: string; detail: string }>()).toMatchObject({
        code: 'not_found',
        detail: missing.json<{ detail: string }>().detail,
      });
      const anonymous = await api.request({ url: `/api/partners/${world.partner.slug}/${path}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('exports a series or the top items as CSV: money in major units, empty cells for null, formulas defused', async () => {
    const from = addDays(today(), -6);
    const csv = async (series: string) => {
      const response = await get(`analytics.csv?series=${series}&from=${from}&to=${today()}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="analytics-${series}-${from}-${today()}.csv"`,
      );
      return Papa.parse<string[]>(response.body.trim(), { newline: '\r\n' }).data;
    };

    const claimed = await csv('amount_claimed');
    expect(claimed[0]).toEqual(['bucket', 'amount', 'currency']);
    expect(claimed).toHaveLength(8);
    expect(claimed[7]).toEqual([today(), '24.68', 'EUR']);
    expect(claimed[1]).toEqual([from, '0.00', 'EUR']);

    const filed = await csv('claims_filed_lost');
    expect(filed[0]).toEqual(['bucket', 'value']);
    expect(filed[7]).toEqual([today(), '1']);

    const rate = await csv('approval_rate');
    expect(rate[1]).toEqual([from, '']);
    expect(rate[7]).toEqual([today(), '1']);

    expect(await csv('top_items')).toEqual([
      ['sku', 'name', 'claims', 'amount', 'currency'],
      ["'+SKU-1", `'=HYPERLINK("http://evil.test")`, '1', '24.68', 'EUR'],
    ]);
  });
});
