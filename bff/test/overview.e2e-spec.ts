import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import type { ClaimActor } from '../src/claims/claim-lifecycle.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import {
  type ClaimsWorld,
  claimsClient,
  claimsWorld,
  dayFromToday,
  draftBody,
} from './support/claims-api.js';
import { bearerOf, createPartner, insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface Money {
  amount: number;
  currency: string;
}
interface Kpi {
  key: string;
  unit: string;
  value: number | Money;
  previous: number | Money | null;
}
interface AttentionItem {
  kind: string;
  claim: { id: string; number: string; status: string } | null;
  movement: { id: string; itemId: string; kind: string; quantity: number } | null;
  item: { id: string; sku: string; name: string } | null;
  daysLeft: number | null;
  deadline: string | null;
}
interface Overview {
  asOf: string;
  timeZone: string;
  currency: string;
  kpis: Kpi[];
  needsAttention: { items: AttentionItem[]; nextCursor: string | null; total: number };
  recentActivity: Array<{
    kind: string;
    summary: string;
    status: string | null;
    claim: { id: string; status: string } | null;
    item: { id: string } | null;
  }>;
}
interface AttentionPage {
  items: AttentionItem[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

const amountOf = (value: number | Money | null): number =>
  value === null ? Number.NaN : typeof value === 'number' ? value : value.amount;

/**
 * The overview (docs/api.md, Overview) as people use it: what a movement or a claim's change does to
 * it on the next read (no cache, no lag: the counters and rollups are written in the same
 * transaction), what each role is shown and may ask, and the needs-attention list's paging.
 */
describe('the overview', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let claims: ReturnType<typeof claimsClient>;

  // Starting the embedded database and migrating it can pass a minute on a busy machine.
  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'overview');
    claims = claimsClient(api, world);
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const get = (who: ClaimActor | 'outsider', path = 'overview', slug = world.partner.slug) =>
    api.request({
      url: `/api/partners/${slug}/${path}`,
      headers: { authorization: `Bearer ${world.tokens[who]}` },
    });

  async function overview(who: ClaimActor = 'manager'): Promise<Overview> {
    const response = await get(who);
    expect(response.statusCode).toBe(200);
    return response.json<Overview>();
  }

  const kpi = (view: Overview, key: string): Kpi => {
    const found = view.kpis.find((entry) => entry.key === key);
    if (found === undefined) throw new Error(`no KPI ${key}`);
    return found;
  };

  async function record(
    kind: string,
    quantity: number,
    occurredAt?: string,
  ): Promise<{ id: string }> {
    const response = await api.request({
      method: 'POST',
      url: `/api/partners/${world.partner.slug}/inventory/${world.item.id}/movements`,
      headers: { authorization: `Bearer ${world.tokens.staff}` },
      payload: { kind, quantity, ...(occurredAt === undefined ? {} : { occurredAt }) },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ movement: { id: string } }>().movement;
  }

  async function transition(
    who: ClaimActor,
    id: string,
    version: number,
    body: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> {
    const response = await claims.transition(who, id, body, version);
    expect(response.statusCode).toBe(200);
    return response;
  }

  const attentionIds = (view: Overview) =>
    view.needsAttention.items.map((item) => item.movement?.id ?? item.claim?.id);

  it('answers the contract’s shape, KPIs in order, with Cache-Control: no-store', async () => {
    const response = await get('viewer');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const view = response.json<Overview>();
    expect(view.timeZone).toBe(world.partner.timeZone);
    expect(view.currency).toBe(world.partner.currency);
    expect(Date.parse(view.asOf)).not.toBeNaN();
    expect(view.kpis.map((entry) => [entry.key, entry.unit])).toEqual([
      ['open_claims', 'count'],
      ['open_claims_amount', 'money'],
      ['awaiting_action', 'count'],
      ['approved_30d', 'money'],
      ['paid_30d', 'money'],
      ['units_on_hand', 'units'],
      ['value_on_hand', 'money'],
      ['low_stock_items', 'count'],
      ['out_of_stock_items', 'count'],
    ]);
    for (const entry of view.kpis) {
      if (entry.unit === 'money') {
        expect(entry.value).toEqual({ amount: expect.any(Number), currency: 'EUR' });
      } else {
        expect(typeof entry.value).toBe('number');
      }
    }
    const list = await get('viewer', 'overview/needs-attention');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('includes a movement right after its POST is acknowledged: KPIs, needs attention, activity', async () => {
    const before = await overview();
    const movement = await record('loss', -3);
    const after = await overview();

    expect(amountOf(kpi(after, 'units_on_hand').value)).toBe(
      amountOf(kpi(before, 'units_on_hand').value) - 3,
    );
    expect(amountOf(kpi(after, 'value_on_hand').value)).toBe(
      amountOf(kpi(before, 'value_on_hand').value) - 3 * world.item.unitValue,
    );
    const listed = after.needsAttention.items.find((item) => item.movement?.id === movement.id);
    expect(listed).toMatchObject({
      kind: 'unclaimed_loss',
      claim: null,
      movement: { id: movement.id, itemId: world.item.id, kind: 'loss', quantity: -3 },
      item: { id: world.item.id, sku: world.item.sku, name: world.item.name },
      daysLeft: 60,
      deadline: dayFromToday(60, world.partner.timeZone),
    });
    expect(after.needsAttention.total).toBe(before.needsAttention.total + 1);
    expect(after.recentActivity[0]).toMatchObject({
      kind: 'movement',
      summary: `Loss of 3 units of ${world.item.name} (${world.item.sku}) recorded.`,
      item: { id: world.item.id },
    });
  });

  it('drops an unclaimed loss once a claim is filed for it, and brings it back on withdraw and on a draft’s deletion', async () => {
    const movement = await record('loss', -2);
    expect(attentionIds(await overview())).toContain(movement.id);

    // A draft takes the movement: the draft is listed instead.
    const created = await claims.create(
      'manager',
      draftBody(world, {
        type: 'lost',
        movementId: movement.id,
        incidentDate: dayFromToday(0, world.partner.timeZone),
      }),
    );
    expect(created.statusCode).toBe(201);
    const claimId = created.json<{ id: string }>().id;
    let view = await overview();
    expect(attentionIds(view)).not.toContain(movement.id);
    expect(view.needsAttention.items.find((item) => item.claim?.id === claimId)).toMatchObject({
      kind: 'draft',
      claim: { id: claimId, status: 'draft', type: 'lost' },
      movement: null,
      daysLeft: 60,
    });
    expect(view.recentActivity[0]).toMatchObject({ kind: 'claim_created', claim: { id: claimId } });

    // Submitted: neither listed; one more open claim, at once.
    const openBefore = amountOf(kpi(view, 'open_claims').value);
    await transition('manager', claimId, 1, { action: 'submit' });
    view = await overview();
    expect(attentionIds(view)).not.toContain(movement.id);
    expect(attentionIds(view)).not.toContain(claimId);
    expect(amountOf(kpi(view, 'open_claims').value)).toBe(openBefore + 1);
    expect(view.recentActivity[0]).toMatchObject({ kind: 'claim_transition' });
    expect(view.recentActivity[0]?.summary).toMatch(/ submitted CLM-\d{6}\.$/);

    // Withdrawn: the movement is unclaimed again.
    await transition('manager', claimId, 2, { action: 'withdraw' });
    view = await overview();
    expect(attentionIds(view)).toContain(movement.id);
    expect(amountOf(kpi(view, 'open_claims').value)).toBe(openBefore);

    // Another draft takes it, and its deletion frees it again.
    const second = await claims.create(
      'manager',
      draftBody(world, {
        type: 'lost',
        movementId: movement.id,
        incidentDate: dayFromToday(0, world.partner.timeZone),
      }),
    );
    expect(second.statusCode).toBe(201);
    const secondId = second.json<{ id: string }>().id;
    expect(attentionIds(await overview())).not.toContain(movement.id);
    expect((await claims.remove('manager', secondId, 1)).statusCode).toBe(204);
    expect(attentionIds(await overview())).toContain(movement.id);
  });

  it('lists info requested first, without a deadline, and counts approvals and payments of today', async () => {
    const created = await claims.create('manager', draftBody(world, { quantity: 4 }));
    const claimId = created.json<{ id: string }>().id;
    await transition('manager', claimId, 1, { action: 'submit' });
    await transition('staff', claimId, 2, { action: 'start_review' });
    await transition('staff', claimId, 3, { action: 'request_info', message: 'A photo, please.' });
    let view = await overview();
    expect(view.needsAttention.items[0]).toMatchObject({
      kind: 'info_requested',
      claim: { id: claimId, status: 'info_requested' },
      daysLeft: null,
      deadline: null,
    });
    const approvedBefore = amountOf(kpi(view, 'approved_30d').value);
    const paidBefore = amountOf(kpi(view, 'paid_30d').value);
    await transition('manager', claimId, 4, { action: 'respond', message: 'Attached.' });
    // The partner's answer is said as such, not as a review started (issue 18, item 8).
    view = await overview();
    expect(view.recentActivity[0]).toMatchObject({
      kind: 'claim_transition',
      status: 'in_review',
      claim: { id: claimId, status: 'in_review' },
    });
    expect(view.recentActivity[0]?.summary).toMatch(
      / answered the information request on CLM-\d{6}\.$/,
    );
    await transition('staff', claimId, 5, { action: 'approve', amountApproved: 700 });
    view = await overview();
    expect(attentionIds(view)).not.toContain(claimId);
    expect(amountOf(kpi(view, 'approved_30d').value)).toBe(approvedBefore + 700);
    await transition('staff', claimId, 6, { action: 'mark_paid', payoutReference: 'PAY-9' });
    view = await overview();
    expect(amountOf(kpi(view, 'paid_30d').value)).toBe(paidBefore + 700);
    expect(view.recentActivity[0]?.summary).toMatch(/ marked as paid CLM-\d{6}\.$/);
    // Each row carries the status its event moved the claim to, not the claim's status now.
    const rows = view.recentActivity.filter((row) => row.claim?.id === claimId);
    expect(rows.map((row) => row.status)).toEqual([
      'paid',
      'approved',
      'in_review',
      'info_requested',
      'in_review',
      'submitted',
      'draft',
    ]);
    expect(rows.every((row) => row.claim?.status === 'paid')).toBe(true);
  });

  it('shows awaiting_action by role: the member’s drafts and info requested, staff’s submitted, in review and approved', async () => {
    const rows = (await dataSource.query(
      `SELECT status, sum(claim_count)::int AS n FROM claim_counts WHERE partner_id = $1 GROUP BY status`,
      [world.partner.id],
    )) as Array<{ status: string; n: number }>;
    const count = (...statuses: string[]) =>
      rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
    // Make both sides non-zero and different.
    await claims.create('manager', draftBody(world));
    const submitted = await claims.create('manager', draftBody(world));
    await transition('manager', submitted.json<{ id: string }>().id, 1, { action: 'submit' });
    const member = count('draft', 'info_requested') + 1;
    const staff = count('submitted', 'in_review', 'approved') + 1;

    for (const who of ['viewer', 'manager', 'admin'] as const) {
      const view = await overview(who);
      expect([who, kpi(view, 'awaiting_action')]).toEqual([
        who,
        expect.objectContaining({ value: member, previous: null, label: 'Awaiting your action' }),
      ]);
    }
    const staffView = await overview('staff');
    expect(kpi(staffView, 'awaiting_action')).toMatchObject({ value: staff, previous: null });
  });

  it('counts an item into low stock when its reorder point rises above what is available, and out again', async () => {
    const before = await overview();
    const patch = (reorderPoint: number) =>
      api.request({
        method: 'PATCH',
        url: `/api/partners/${world.partner.slug}/inventory/${world.item.id}`,
        headers: { authorization: `Bearer ${world.tokens.manager}` },
        payload: { reorderPoint },
      });
    expect((await patch(1_000_000_000)).statusCode).toBe(200);
    const raised = await overview();
    expect(kpi(raised, 'low_stock_items').value).toBe(
      amountOf(kpi(before, 'low_stock_items').value) + 1,
    );
    expect(kpi(raised, 'out_of_stock_items').value).toBe(kpi(before, 'out_of_stock_items').value);
    expect((await patch(0)).statusCode).toBe(200);
    expect(kpi(await overview(), 'low_stock_items').value).toBe(
      kpi(before, 'low_stock_items').value,
    );
  });

  it('is 404 for another partner’s member, as for a slug that does not exist; 401 signed out', async () => {
    const foreign = await get('outsider');
    const missing = await get('manager', 'overview', 'no-such-partner');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    expect((await get('outsider', 'overview/needs-attention')).statusCode).toBe(404);
    const anonymous = await api.request({ url: `/api/partners/${world.partner.slug}/overview` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad limit, another parameter and a foreign or tampered cursor: 400 validation', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'sort=deadline',
      'status=draft',
      'cursor=nonsense',
      'limit=1&limit=2',
    ]) {
      const response = await get('manager', `overview/needs-attention?${query}`);
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json()).toMatchObject({ code: 'validation' });
    }
    // A cursor of another partner's list, and one of another list.
    const otherPartner = await createPartner(dataSource, 'overview-foreign');
    const [otherItem] = await insertItems(dataSource, otherPartner.id, [
      { sku: 'FOREIGN-1', onHand: 100 },
    ]);
    const staff = await bearerOf(api, world.emails.staff);
    for (let index = 0; index < 2; index += 1) {
      await api.request({
        method: 'POST',
        url: `/api/partners/${otherPartner.slug}/inventory/${otherItem?.id}/movements`,
        headers: { authorization: `Bearer ${staff}` },
        payload: { kind: 'damage', quantity: -1 },
      });
    }
    const foreignPage = await api.request({
      url: `/api/partners/${otherPartner.slug}/overview/needs-attention?limit=1`,
      headers: { authorization: `Bearer ${staff}` },
    });
    const foreignCursor = foreignPage.json<AttentionPage>().nextCursor;
    expect(foreignCursor).toEqual(expect.any(String));
    const claimsPage = await claims.send('manager', 'GET', '?limit=1');
    const claimsCursor = claimsPage.json<AttentionPage>().nextCursor;
    for (const cursor of [foreignCursor, claimsCursor]) {
      const response = await get(
        'manager',
        `overview/needs-attention?cursor=${encodeURIComponent(String(cursor))}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', errors: [{ field: 'cursor' }] });
    }
  });

  it('pages the needs-attention list both ways: the overview’s first page, then the list’s cursors', async () => {
    for (const days of [-5, -20, -40]) {
      await record('damage', -1, new Date(Date.now() + days * 86_400_000).toISOString());
    }
    const view = await overview();
    const all: AttentionItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string =
        cursor === null ? 'limit=2' : `limit=2&cursor=${encodeURIComponent(cursor)}`;
      const response = await get('manager', `overview/needs-attention?${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<AttentionPage>();
      expect(page).toMatchObject({ total: view.needsAttention.total, totalExact: true });
      all.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
      if (cursor !== null && pages === 2) {
        // Back from the second page: the first page again.
        const back = await get(
          'manager',
          `overview/needs-attention?limit=2&cursor=${encodeURIComponent(String(page.prevCursor))}`,
        );
        expect(back.json<AttentionPage>().items).toEqual(all.slice(0, 2));
      }
    } while (cursor !== null && pages < 50);
    expect(all).toHaveLength(view.needsAttention.total);
    expect(all.slice(0, view.needsAttention.items.length)).toEqual(view.needsAttention.items);
    // Info requested first, then by deadline.
    const keys = all.map((item) => item.deadline ?? '0000-00-00');
    expect(keys).toEqual([...keys].sort());
  });
});
