import Papa from 'papaparse';
import { DataSource } from 'typeorm';
import { referenceAnalytics } from './oracles/analytics.reference.js';
import { SERIES_KEYS } from '../src/analytics/analytics.series.js';
import type { AnalyticsDto, AnalyticsTopItemsDto } from '../src/analytics/dto/analytics.dto.js';
import { addDays, partnerToday } from '../src/common/partner-day.js';
import type { InventoryItem } from '../src/inventory/inventory-item.entity.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import { insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

type Who = 'viewer' | 'manager' | 'admin' | 'staff' | 'outsider';

const itOnPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '' ? it : it.skip;

/**
 * The analytics API (docs/api.md, Analytics): its defaults and buckets, an answer that includes a
 * movement or a transition as soon as it is acknowledged, the top items on their own route, their 400s,
 * who may read them, and the CSV.
 */
describe('analytics API', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let formulaItem: InventoryItem;
  /** An item no movement touches: its unit value changes (the reference values stock at today's). */
  let pricedItem: InventoryItem;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'analytics-api', { timeZone: 'America/New_York' });
    [formulaItem] = (await insertItems(dataSource, world.partner.id, [
      { sku: '+SKU-1', name: '=HYPERLINK("http://evil.test")', unitValue: 1234, onHand: 50 },
    ])) as [InventoryItem];
    [pricedItem] = (await insertItems(dataSource, world.partner.id, [
      { sku: 'PRICED-1', name: 'Priced', unitValue: 100, onHand: 50 },
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
  const topItems = async (query = '', who: Who = 'viewer'): Promise<AnalyticsTopItemsDto> => {
    const response = await get(`analytics/top-items${query}`, who);
    expect([response.statusCode, response.headers['cache-control']]).toEqual([200, 'no-store']);
    return response.json<AnalyticsTopItemsDto>();
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
    expect(pointOf(answer, 'units_on_hand')).toBe(1000 + 50 + 50);
    expect(pointOf(answer, 'value_on_hand')).toBe(1000 * 250 + 50 * 1234 + 50 * 100);
    // The series only: the top items are their own request.
    expect(Object.keys(answer).sort()).toEqual([
      'currency',
      'from',
      'granularity',
      'series',
      'timeZone',
      'to',
    ]);
  });

  it('answers the top items of the same 90 days on their own route, none before a claim is submitted', async () => {
    expect(await topItems()).toEqual({
      from: addDays(today(), -89),
      to: today(),
      timeZone: 'America/New_York',
      items: [],
    });
    expect(await topItems('?from=2026-01-31&to=2026-03-01')).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
      timeZone: 'America/New_York',
      items: [],
    });
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
    // A lost claim is filed from its loss (docs/product.md §4), recorded as staff record one.
    const loss = await api.request({
      method: 'POST',
      url: `/api/partners/${world.partner.slug}/inventory/${formulaItem.id}/movements`,
      headers: { authorization: `Bearer ${world.tokens.staff}` },
      payload: { kind: 'loss', quantity: -2 },
    });
    expect(loss.statusCode).toBe(201);
    const created = await client.create('manager', {
      type: 'lost',
      movementId: loss.json<{ movement: { id: string } }>().movement.id,
      quantity: 2,
      description: 'Two units lost in the analytics test.',
    });
    expect(created.statusCode).toBe(201);
    const claim = created.json<{ id: string }>();
    const submitted = await client.transition('manager', claim.id, { action: 'submit' }, 1);
    expect(submitted.statusCode).toBe(200);
    const afterSubmit = await analytics();
    expect(pointOf(afterSubmit, 'claims_filed_lost')).toBe(1);
    expect(pointOf(afterSubmit, 'amount_claimed')).toBe(2468);
    const top = {
      item: { id: formulaItem.id, sku: '+SKU-1', name: '=HYPERLINK("http://evil.test")' },
      claims: 1,
      amountClaimed: { amount: 2468, currency: 'EUR' },
    };
    expect((await topItems()).items).toEqual([top]);
    expect((await topItems(`?from=${today()}&to=${today()}`)).items).toEqual([top]);
    // Submitted today: not in a range that ends yesterday, nor in one that begins tomorrow.
    const yesterday = addDays(today(), -1);
    expect((await topItems(`?from=${addDays(today(), -30)}&to=${yesterday}`)).items).toEqual([]);
    const tomorrow = addDays(today(), 1);
    expect((await topItems(`?from=${tomorrow}&to=${tomorrow}`)).items).toEqual([]);

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

  it('sends a kept answer again only while the partner’s rollups keep their version', async () => {
    const version = async () =>
      (
        (await dataSource.query(
          `SELECT coalesce((SELECT version FROM analytics_versions WHERE partner_id = $1), 0)::int AS v`,
          [world.partner.id],
        )) as Array<{ v: number }>
      )[0]?.v;
    const range = `?from=${addDays(today(), -6)}&to=${today()}`;
    const first = await get(`analytics${range}`);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const before = first.json<AnalyticsDto>();
    const at = await version();

    // A rollup row changed behind the version's back (its trigger off): the kept answer is sent
    // again, so it is the one kept, not one built afresh.
    await dataSource.transaction(async (manager) => {
      await manager.query(
        `ALTER TABLE inventory_stock_totals DISABLE TRIGGER inventory_stock_totals_analytics_version`,
      );
      await manager.query(
        `UPDATE inventory_stock_totals SET units = units + 1000 WHERE partner_id = $1`,
        [world.partner.id],
      );
      await manager.query(
        `ALTER TABLE inventory_stock_totals ENABLE TRIGGER inventory_stock_totals_analytics_version`,
      );
    });
    expect(await version()).toBe(at);
    expect(await analytics(range)).toEqual(before);
    // Another range is built afresh and sees it.
    const fresh = await analytics(`?from=${addDays(today(), -5)}&to=${today()}`);
    expect(pointOf(fresh, 'units_on_hand')).toBe((pointOf(before, 'units_on_hand') ?? 0) + 1000);

    // Put back the same way, then a change through the API: one version more, a fresh answer.
    await dataSource.transaction(async (manager) => {
      await manager.query(
        `ALTER TABLE inventory_stock_totals DISABLE TRIGGER inventory_stock_totals_analytics_version`,
      );
      await manager.query(
        `UPDATE inventory_stock_totals SET units = units - 1000 WHERE partner_id = $1`,
        [world.partner.id],
      );
      await manager.query(
        `ALTER TABLE inventory_stock_totals ENABLE TRIGGER inventory_stock_totals_analytics_version`,
      );
    });
    const recorded = await api.request({
      method: 'POST',
      url: `/api/partners/${world.partner.slug}/inventory/${world.item.id}/movements`,
      headers: { authorization: `Bearer ${world.tokens.staff}` },
      payload: { kind: 'receipt', quantity: 4 },
    });
    expect(recorded.statusCode).toBe(201);
    // The movement changed two rollups (the day's movements and the stock): one version more.
    expect(await version()).toBe((at ?? 0) + 1);
    const after = await analytics(range);
    expect(pointOf(after, 'units_on_hand')).toBe((pointOf(before, 'units_on_hand') ?? 0) + 4);

    // A unit value changed (the stock's value, not a movement) moves the version too.
    await dataSource.query(
      `UPDATE inventory_items SET unit_value = unit_value + 1 WHERE partner_id = $1 AND id = $2`,
      [world.partner.id, pricedItem.id],
    );
    expect(await version()).toBe((at ?? 0) + 2);
    expect(pointOf(await analytics(range), 'value_on_hand')).toBe(
      (pointOf(after, 'value_on_hand') ?? 0) + 50,
    );
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
    // The top items: the same range and its 400s, and no granularity (they have no buckets).
    const topItemsCases = cases
      .filter(([, field]) => field !== 'granularity')
      .concat([['?granularity=week', 'granularity']]);
    for (const [path, query, field] of [
      ...cases.map(([query, field]) => ['analytics', query, field]),
      ...topItemsCases.map(([query, field]) => ['analytics/top-items', query, field]),
    ] as Array<[string, string, string]>) {
      const response = await get(`${path}${query}`);
      expect([path, query, response.statusCode, response.headers['content-type']]).toEqual([
        path,
        query,
        400,
        'application/problem+json; charset=utf-8',
      ]);
      expect(response.json()).toMatchObject({ code: 'validation', errors: [{ field }] });
    }
    // Exactly two years: allowed (the same calendar date).
    for (const path of ['analytics', 'analytics/top-items']) {
      expect((await get(`${path}?from=2024-11-25&to=2026-11-25`)).statusCode).toBe(200);
      expect((await get(`${path}?from=2026-02-28&to=2028-02-29`)).statusCode).toBe(200);
      expect((await get(`${path}?from=2026-02-27&to=2028-02-29`)).statusCode).toBe(400);
    }

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
      expect([who, (await get('analytics/top-items', who)).statusCode]).toEqual([who, 200]);
      expect([who, (await get('analytics.csv?series=units_lost', who)).statusCode]).toEqual([
        who,
        200,
      ]);
    }
    for (const path of ['analytics', 'analytics/top-items', 'analytics.csv?series=top_items']) {
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

    // The top items of the same days as their own route answers them.
    expect((await topItems(`?from=${from}&to=${today()}`)).items).toHaveLength(1);
    expect(await csv('top_items')).toEqual([
      ['sku', 'name', 'claims', 'amount', 'currency'],
      ["'+SKU-1", `'=HYPERLINK("http://evil.test")`, '1', '24.68', 'EUR'],
    ]);
    const before = addDays(from, -1);
    const none = await get(`analytics.csv?series=top_items&from=${before}&to=${before}`);
    expect(Papa.parse<string[]>(none.body.trim(), { newline: '\r\n' }).data).toEqual([
      ['sku', 'name', 'claims', 'amount', 'currency'],
    ]);
  });

  // On a real PostgreSQL only (TEST_DATABASE_URL, as CI runs), like the claims' concurrency: the
  // tests' embedded PGlite serves its connections from one backend, where racing transactions wait on
  // each other's locks for good.
  itOnPostgres(
    'raises the version once for each of 20 racing movements and submissions, and answers as the reference',
    async () => {
      const version = async () =>
        (
          (await dataSource.query(
            `SELECT coalesce((SELECT version FROM analytics_versions WHERE partner_id = $1), 0)::int AS v`,
            [world.partner.id],
          )) as Array<{ v: number }>
        )[0]?.v ?? 0;
      const range = { from: addDays(today(), -13), to: today(), granularity: 'day' as const };
      const query = `?${new URLSearchParams(range).toString()}`;
      await analytics(query); // kept, for the version before the race
      const client = claimsClient(api, world);
      const drafts: string[] = [];
      for (let made = 0; made < 8; made += 1) {
        const created = await client.create('manager', draftBody(world, { quantity: 1 }));
        expect(created.statusCode).toBe(201);
        drafts.push(created.json<{ id: string }>().id);
      }
      const before = await version();

      // Each a transaction of its own that changes the rollups (the day's claims or movements and the
      // stock), all of one partner at once: none may fail (a deadlock would be a 500).
      const responses = await Promise.all([
        ...drafts.map((id) => client.transition('manager', id, { action: 'submit' }, 1)),
        ...Array.from({ length: 12 }, (_, index) =>
          api.request({
            method: 'POST',
            url: `/api/partners/${world.partner.slug}/inventory/${(index % 2 === 0 ? world.item : formulaItem).id}/movements`,
            headers: { authorization: `Bearer ${world.tokens.staff}` },
            payload: { kind: 'receipt', quantity: 1 + index },
          }),
        ),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([
        ...drafts.map(() => 200),
        ...Array.from({ length: 12 }, () => 201),
      ]);
      expect(await version()).toBe(before + 20);
      const answer = await analytics(query);
      const reference = await referenceAnalytics(dataSource, world.partner.id, range);
      expect(answer.series.map(({ key, points }) => ({ key, points }))).toEqual(reference.series);
    },
  );
});

/**
 * The top items' own route (docs/api.md, Analytics) on claims inserted as they are stored: the
 * ten largest sums with the ties at the tenth broken by SKU, and a claim counted on the partner day of
 * its submission at both ends of the range, far ahead of UTC and far behind it.
 */
describe('analytics top items', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const topItems = async (world: ClaimsWorld, query: string): Promise<AnalyticsTopItemsDto> => {
    const response = await api.request({
      url: `/api/partners/${world.partner.slug}/analytics/top-items${query}`,
      headers: { authorization: `Bearer ${world.tokens.viewer}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<AnalyticsTopItemsDto>();
  };
  const item = async (world: ClaimsWorld, sku: string): Promise<string> => {
    const [inserted] = await insertItems(dataSource, world.partner.id, [
      { sku, name: `Name ${sku}` },
    ]);
    return inserted?.id ?? '';
  };
  /** A claim stored as submitted at `submittedAt` (null: a draft), of type other when no item. */
  const claim = async (
    world: ClaimsWorld,
    itemId: string | null,
    amount: number,
    submittedAt: string | null,
  ): Promise<void> => {
    await dataSource.query(
      `INSERT INTO claims (partner_id, number, type, status, item_id, quantity, unit_value, amount_claimed,
         currency, incident_date, description, submitted_at)
       VALUES ($1, (SELECT count(*) + 1 FROM claims WHERE partner_id = $1), $2, $3, $4, 1, $5::integer, $5::bigint, 'EUR',
         '2026-03-01', 'A claim of the top items test', $6)`,
      [
        world.partner.id,
        itemId === null ? 'other' : 'lost',
        submittedAt === null ? 'draft' : 'in_review',
        itemId,
        amount,
        submittedAt,
      ],
    );
  };

  it('lists the ten largest sums with ties at the tenth broken by SKU, not drafts nor claims without an item', async () => {
    const world = await claimsWorld(api, dataSource, 'top-ties', { timeZone: 'Europe/Berlin' });
    const at = '2026-03-11T12:00:00Z';
    const big: string[] = [];
    for (let rank = 1; rank <= 8; rank += 1) {
      const id = await item(world, `BIG-${rank}`);
      big.push(id);
      await claim(world, id, 10_000 - rank * 1000, at);
    }
    // A second claim of the first: two claims, one sum.
    await claim(world, big[0] ?? '', 500, at);
    // Twelve tied at the ninth place, inserted in the reverse of their SKUs' order: two are listed.
    for (let tie = 12; tie >= 1; tie -= 1) {
      const sku = `TIE-${String(tie).padStart(2, '0')}`;
      await claim(world, await item(world, sku), 1000, at);
    }
    await claim(world, await item(world, 'LOW'), 999, at);
    await claim(world, await item(world, 'DRAFT'), 1_000_000, null);
    await claim(world, null, 1_000_000, at);

    const answer = await topItems(world, '?from=2026-03-01&to=2026-03-31');
    expect(
      answer.items.map(({ item: { sku }, claims, amountClaimed }) => [
        sku,
        claims,
        amountClaimed.amount,
      ]),
    ).toEqual([
      ['BIG-1', 2, 9500],
      ['BIG-2', 1, 8000],
      ['BIG-3', 1, 7000],
      ['BIG-4', 1, 6000],
      ['BIG-5', 1, 5000],
      ['BIG-6', 1, 4000],
      ['BIG-7', 1, 3000],
      ['BIG-8', 1, 2000],
      ['TIE-01', 1, 1000],
      ['TIE-02', 1, 1000],
    ]);
    expect(answer.items[0]).toEqual({
      item: { id: big[0], sku: 'BIG-1', name: 'Name BIG-1' },
      claims: 2,
      amountClaimed: { amount: 9500, currency: 'EUR' },
    });
  });

  it.each([
    // 14 hours ahead of UTC: the partner day 2026-03-10 begins at 2026-03-09T10:00:00Z.
    [
      'Pacific/Kiritimati',
      '2026-03-09T09:59:59Z',
      '2026-03-09T10:00:00Z',
      '2026-03-12T09:59:59Z',
      '2026-03-12T10:00:00Z',
    ],
    // 11 hours behind: it begins at 2026-03-10T11:00:00Z.
    [
      'Pacific/Pago_Pago',
      '2026-03-10T10:59:59Z',
      '2026-03-10T11:00:00Z',
      '2026-03-13T10:59:59Z',
      '2026-03-13T11:00:00Z',
    ],
  ])(
    'counts a claim on the partner day of its submission at both ends of the range (%s)',
    async (zone, before, first, last, after) => {
      const world = await claimsWorld(api, dataSource, 'top-days', { timeZone: zone });
      const instants = { before, first, last, after };
      for (const [sku, submittedAt] of Object.entries(instants)) {
        await claim(world, await item(world, sku), sku.length * 100, submittedAt);
      }
      const skus = async (query: string) =>
        (await topItems(world, query)).items.map((entry) => entry.item.sku);

      expect(await skus('?from=2026-03-10&to=2026-03-12')).toEqual(['first', 'last']);
      expect(await skus('?from=2026-03-09&to=2026-03-09')).toEqual(['before']);
      expect(await skus('?from=2026-03-13&to=2026-03-13')).toEqual(['after']);
      expect(await skus('?from=2026-03-11&to=2026-03-11')).toEqual([]);
      expect(await skus('?from=2026-03-09&to=2026-03-13')).toEqual([
        'before',
        'after',
        'first',
        'last',
      ]);
    },
  );
});
