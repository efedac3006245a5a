import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { InventoryItem } from '../src/inventory/inventory-item.entity.js';
import { InventoryMovement } from '../src/inventory/inventory-movement.entity.js';
import { Partner } from '../src/partners/partner.entity.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf, createPartner, insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { hashPassword } from '../src/users/password-hash.js';

interface Money {
  amount: number;
  currency: string;
}
interface Item {
  id: string;
  sku: string;
  name: string;
  category: string;
  barcode: string | null;
  warehouse: string;
  status: string;
  unitValue: Money;
  value: Money;
  onHand: number;
  reserved: number;
  available: number;
  inbound: number;
  damaged: number;
  reorderPoint: number;
  stockState: string;
  createdAt: string;
  updatedAt: string;
}
interface Movement {
  id: string;
  kind: string;
  quantity: number;
  reference: string | null;
  note: string | null;
  occurredAt: string;
  recordedAt: string;
  claim: null;
}
interface Page<T> {
  items: T[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

/** The inventory endpoints (docs/api.md, Endpoints and Resources: InventoryItem, InventoryMovement). */
describe('the inventory API', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let partner: Partner;
  let other: Partner;
  let items: InventoryItem[];
  let foreignItem: InventoryItem;
  const tokens: Record<'viewer' | 'manager' | 'staff', string> = {
    viewer: '',
    manager: '',
    staff: '',
  };

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    dataSource = api.app.get(DataSource);
    partner = await createPartner(dataSource, 'inv', 'EUR');
    other = await createPartner(dataSource, 'inv-other', 'USD');
    const hash = await hashPassword('portal-demo-passphrase', { memoryCost: 64, timeCost: 1 });
    for (const role of ['viewer', 'manager'] as const) {
      const email = `${role}.${randomUUID()}@example.com`;
      await createUser(dataSource, email, hash, [
        { slug: partner.slug, role },
        { slug: other.slug, role: 'viewer' },
      ]);
      tokens[role] = await bearerOf(api, email);
    }
    tokens.staff = await bearerOf(api, 'staff@portal.example');
    items = await insertItems(dataSource, partner.id, [
      {
        sku: 'TENT-2P',
        name: 'Tent for two',
        category: 'Tents',
        warehouse: 'Berlin',
        barcode: '4006381333931',
        unitValue: 12_999,
        onHand: 10,
        reserved: 2,
        reorderPoint: 5,
      },
      {
        sku: 'TENT-4P',
        name: 'Family tent',
        category: 'Tents',
        warehouse: 'Hamburg',
        unitValue: 25_000,
        onHand: 3,
        reserved: 0,
        reorderPoint: 5,
      },
      {
        sku: 'STOVE_1',
        name: '100% steel stove',
        category: 'Cooking',
        warehouse: 'Berlin',
        unitValue: 4_550,
        onHand: 0,
        reserved: 0,
        status: 'discontinued',
      },
      {
        sku: 'MUG\\1',
        name: '=HYPERLINK("x") mug',
        category: 'Cooking',
        warehouse: 'Berlin',
        unitValue: 5,
        onHand: 4,
        reserved: 6,
        inbound: 20,
      },
    ]);
    [foreignItem] = (await insertItems(dataSource, other.id, [
      { sku: 'TENT-2P', name: 'Tent for two (other partner)', category: 'Secret', onHand: 7 },
    ])) as [InventoryItem];
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const itemOf = (sku: string): InventoryItem => {
    const item = items.find((candidate) => candidate.sku === sku);
    if (item === undefined) throw new Error(sku);
    return item;
  };

  function send(
    role: keyof typeof tokens,
    url: string,
    options: { method?: 'GET' | 'PATCH' | 'POST'; payload?: unknown; slug?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return api.request({
      method: options.method ?? 'GET',
      url: `/api/partners/${options.slug ?? partner.slug}${url}`,
      headers: { authorization: `Bearer ${tokens[role]}` },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  }

  async function list(query: string): Promise<Page<Item>> {
    const response = await send('viewer', `/inventory${query}`);
    expect([query, response.statusCode, response.body.slice(0, 200)]).toEqual([
      query,
      200,
      expect.any(String),
    ]);
    return response.json<Page<Item>>();
  }
  const skus = (page: Page<Item>) => page.items.map((item) => item.sku);

  describe('GET …/inventory', () => {
    it('lists the partner’s items by SKU, with the exact total', async () => {
      const page = await list('');
      expect(skus(page)).toEqual(['MUG\\1', 'STOVE_1', 'TENT-2P', 'TENT-4P']);
      expect(page).toMatchObject({
        nextCursor: null,
        prevCursor: null,
        total: 4,
        totalExact: true,
      });
    });

    it('answers the InventoryItem shape, money in the partner’s currency', async () => {
      const page = await list('?q=TENT-2P');
      expect(page.items).toEqual([
        {
          id: itemOf('TENT-2P').id,
          sku: 'TENT-2P',
          name: 'Tent for two',
          category: 'Tents',
          barcode: '4006381333931',
          warehouse: 'Berlin',
          status: 'active',
          unitValue: { amount: 12_999, currency: 'EUR' },
          value: { amount: 129_990, currency: 'EUR' },
          onHand: 10,
          reserved: 2,
          available: 8,
          inbound: 0,
          damaged: 0,
          reorderPoint: 5,
          stockState: 'in',
          createdAt: itemOf('TENT-2P').createdAt.toISOString(),
          updatedAt: itemOf('TENT-2P').updatedAt.toISOString(),
        },
      ]);
    });

    it('searches SKU, name and barcode by substring, case-insensitively, wildcards literal', async () => {
      expect(skus(await list('?q=tent'))).toEqual(['TENT-2P', 'TENT-4P']);
      expect(skus(await list('?q=AMILY'))).toEqual(['TENT-4P']);
      expect(skus(await list('?q=63813'))).toEqual(['TENT-2P']);
      expect(skus(await list('?q=%25'))).toEqual(['STOVE_1']);
      expect(skus(await list('?q=E_'))).toEqual(['STOVE_1']);
      expect(skus(await list('?q=%5C'))).toEqual(['MUG\\1']);
      expect(skus(await list('?q=e'))).toEqual(['MUG\\1', 'STOVE_1', 'TENT-2P', 'TENT-4P']);
      expect(skus(await list('?q=%20%20tent%20'))).toEqual(['TENT-2P', 'TENT-4P']);
      expect(skus(await list('?q=%20'))).toHaveLength(4);
      expect(skus(await list('?q=nothing-like-this'))).toEqual([]);
    });

    it('filters by status, category, warehouse and stock state', async () => {
      expect(skus(await list('?status=discontinued'))).toEqual(['STOVE_1']);
      expect(skus(await list('?category=Cooking'))).toEqual(['MUG\\1', 'STOVE_1']);
      expect(skus(await list('?category=cooking'))).toEqual([]);
      expect(skus(await list('?warehouse=Berlin&category=Tents'))).toEqual(['TENT-2P']);
      expect(skus(await list('?stock=out'))).toEqual(['MUG\\1', 'STOVE_1']);
      expect(skus(await list('?stock=low'))).toEqual(['TENT-4P']);
      expect(skus(await list('?stock=in'))).toEqual(['TENT-2P']);
      expect((await list('?stock=low')).items[0]?.stockState).toBe('low');
    });

    it('sorts by every allowed field, both ways', async () => {
      expect(skus(await list('?sort=-sku'))).toEqual(['TENT-4P', 'TENT-2P', 'STOVE_1', 'MUG\\1']);
      expect(skus(await list('?sort=name&category=Tents'))).toEqual(['TENT-4P', 'TENT-2P']);
      expect(skus(await list('?sort=-onHand'))).toEqual([
        'TENT-2P',
        'MUG\\1',
        'TENT-4P',
        'STOVE_1',
      ]);
      expect(skus(await list('?sort=available'))).toEqual([
        'MUG\\1',
        'STOVE_1',
        'TENT-4P',
        'TENT-2P',
      ]);
      expect(skus(await list('?sort=-value'))).toEqual(['TENT-2P', 'TENT-4P', 'MUG\\1', 'STOVE_1']);
      const byUpdate = await list('?sort=updatedAt');
      expect(byUpdate.items.map((item) => item.updatedAt)).toEqual(
        byUpdate.items.map((item) => item.updatedAt).sort(),
      );
    });

    it('pages forwards and back with cursors', async () => {
      const first = await list('?limit=3&sort=-sku');
      expect(skus(first)).toEqual(['TENT-4P', 'TENT-2P', 'STOVE_1']);
      const second = await list(`?limit=3&sort=-sku&cursor=${first.nextCursor ?? ''}`);
      expect(skus(second)).toEqual(['MUG\\1']);
      expect(second.nextCursor).toBeNull();
      const back = await list(`?limit=3&sort=-sku&cursor=${second.prevCursor ?? ''}`);
      expect(skus(back)).toEqual(['TENT-4P', 'TENT-2P', 'STOVE_1']);
      expect(back.prevCursor).toBeNull();
    });

    it.each([
      '?limit=0',
      '?limit=101',
      '?limit=1e9',
      '?sort=password',
      '?sort=-on_hand',
      '?sort=sku;DROP TABLE inventory_items',
      '?status=gone',
      '?stock=none',
      '?stock=in&stock=out',
      `?q=${'x'.repeat(101)}`,
      `?category=${'x'.repeat(201)}`,
      '?cursor=abc',
      '?extra=1',
    ])('answers %s with 400 validation', async (query) => {
      const response = await send('viewer', `/inventory${query}`);
      expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([
        400,
        'validation',
      ]);
    });

    it('refuses a cursor of another sort, another partner and another list', async () => {
      const { nextCursor } = await list('?limit=1');
      const otherSort = await send('viewer', `/inventory?limit=1&sort=name&cursor=${nextCursor}`);
      const otherPartner = await send('viewer', `/inventory?limit=1&cursor=${nextCursor}`, {
        slug: other.slug,
      });
      const members = await send('staff', `/members?cursor=${nextCursor}`);
      for (const response of [otherSort, otherPartner, members]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'validation',
          errors: [{ field: 'cursor' }],
        });
      }
    });
  });

  describe('GET …/inventory/facets', () => {
    it('answers the categories and warehouses with their counts, by value', async () => {
      const response = await send('viewer', '/inventory/facets');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        categories: [
          { value: 'Cooking', count: 2 },
          { value: 'Tents', count: 2 },
        ],
        warehouses: [
          { value: 'Berlin', count: 3 },
          { value: 'Hamburg', count: 1 },
        ],
      });
    });
  });

  describe('GET …/inventory.csv', () => {
    it('streams the filtered list in its order, money as decimals, formulas defused', async () => {
      const response = await send('viewer', '/inventory.csv?category=Cooking&sort=-value');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${partner.slug}-inventory-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe(
        'sku,name,category,barcode,warehouse,status,stock_state,on_hand,reserved,available,inbound,damaged,reorder_point,unit_value,value,currency,updated_at',
      );
      expect(lines[1]).toBe(
        `MUG\\1,"'=HYPERLINK(""x"") mug",Cooking,,Berlin,active,out,4,6,-2,20,0,0,0.05,0.20,EUR,${itemOf('MUG\\1').updatedAt.toISOString()}`,
      );
      expect(lines[2]).toMatch(
        /^STOVE_1,100% steel stove,Cooking,,Berlin,discontinued,out,0,0,0,0,0,0,45\.50,0\.00,EUR,/,
      );
      expect(lines.slice(3)).toEqual(['']);
    });

    it('refuses a page parameter and a bad filter: 400 validation', async () => {
      for (const query of ['?limit=10', '?cursor=x', '?stock=gone', '?sort=nope']) {
        const response = await send('viewer', `/inventory.csv${query}`);
        expect([query, response.statusCode]).toEqual([query, 400]);
      }
    });
  });

  describe('GET …/inventory/{id}', () => {
    it('answers the item', async () => {
      const response = await send('viewer', `/inventory/${itemOf('MUG\\1').id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<Item>()).toMatchObject({
        sku: 'MUG\\1',
        available: -2,
        stockState: 'out',
        value: { amount: 20, currency: 'EUR' },
      });
    });

    it('answers the same 404 for a missing id, another partner’s item and a non-UUID', async () => {
      const bodies = [];
      for (const id of [randomUUID(), foreignItem.id, 'not-a-uuid', '%C4%B0']) {
        const response = await send('viewer', `/inventory/${id}`);
        expect([id, response.statusCode]).toEqual([id, 404]);
        bodies.push({ ...response.json<Record<string, unknown>>(), requestId: 'x' });
      }
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
      expect(bodies[0]).toMatchObject({ code: 'not_found' });
    });
  });

  describe('PATCH …/inventory/{id}', () => {
    it('sets the reorder point (manager) and the update time', async () => {
      const item = itemOf('TENT-2P');
      const response = await send('manager', `/inventory/${item.id}`, {
        method: 'PATCH',
        payload: { reorderPoint: 8 },
      });
      expect(response.statusCode).toBe(200);
      const changed = response.json<Item>();
      expect(changed).toMatchObject({ reorderPoint: 8, stockState: 'low', available: 8 });
      expect(Date.parse(changed.updatedAt)).toBeGreaterThan(item.updatedAt.getTime());
      const again = await send('viewer', `/inventory/${item.id}`);
      expect(again.json<Item>()).toEqual(changed);
    });

    it('refuses a viewer (403), a foreign item (404) and bad bodies (400)', async () => {
      const item = itemOf('TENT-4P');
      const patch = (role: keyof typeof tokens, id: string, payload: unknown) =>
        send(role, `/inventory/${id}`, { method: 'PATCH', payload });
      expect((await patch('viewer', item.id, { reorderPoint: 1 })).statusCode).toBe(403);
      expect((await patch('staff', item.id, { reorderPoint: 1 })).statusCode).toBe(403);
      expect((await patch('manager', foreignItem.id, { reorderPoint: 1 })).statusCode).toBe(404);
      for (const payload of [
        {},
        { reorderPoint: -1 },
        { reorderPoint: 1.5 },
        { reorderPoint: '3' },
        { reorderPoint: 1_000_000_001 },
        { reorderPoint: 3, onHand: 1000 },
        { reorderPoint: null },
      ]) {
        const response = await patch('manager', item.id, payload);
        expect([payload, response.statusCode]).toEqual([payload, 400]);
      }
      const unchanged = await dataSource.getRepository(InventoryItem).findOneByOrFail({
        partnerId: partner.id,
        id: item.id,
      });
      expect(unchanged.reorderPoint).toBe(5);
      expect(unchanged.onHand).toBe(3);
    });
  });

  describe('movements', () => {
    const record = (id: string, payload: unknown, role: keyof typeof tokens = 'staff') =>
      send(role, `/inventory/${id}/movements`, { method: 'POST', payload });

    it('records a receipt, a shipment and a damage, each moving the item as product.md §4 says', async () => {
      const [item] = await insertItems(dataSource, partner.id, [
        { sku: `MOVE-${randomUUID()}`, onHand: 10, reserved: 4, inbound: 5, damaged: 1 },
      ]);
      if (item === undefined) throw new Error('no item');
      const receipt = await record(item.id, { kind: 'receipt', quantity: 8, reference: 'ASN-1' });
      expect(receipt.statusCode).toBe(201);
      const body = receipt.json<{ movement: Movement; item: Item }>();
      expect(body.movement).toMatchObject({
        kind: 'receipt',
        quantity: 8,
        reference: 'ASN-1',
        note: null,
        claim: null,
      });
      expect(body.item).toMatchObject({ onHand: 18, inbound: 0, reserved: 4, damaged: 1 });

      const shipment = await record(item.id, { kind: 'shipment', quantity: -6, note: 'order 7' });
      expect(shipment.json<{ item: Item }>().item).toMatchObject({ onHand: 12, reserved: 0 });
      const damage = await record(item.id, { kind: 'damage', quantity: -2 });
      expect(damage.json<{ item: Item }>().item).toMatchObject({ onHand: 10, damaged: 3 });
      const adjustment = await record(item.id, {
        kind: 'adjustment',
        quantity: 1,
        occurredAt: '2026-01-02T03:04:05.000Z',
      });
      expect(adjustment.json<{ movement: Movement }>().movement.occurredAt).toBe(
        '2026-01-02T03:04:05.000Z',
      );

      const history = await send('viewer', `/inventory/${item.id}/movements`);
      expect(history.statusCode).toBe(200);
      const page = history.json<Page<Movement>>();
      expect(page.items.map((movement) => movement.kind)).toEqual([
        'damage',
        'shipment',
        'receipt',
        'adjustment',
      ]);
      expect(page).toMatchObject({ total: 4, totalExact: true, nextCursor: null });
      const oldest = await send(
        'viewer',
        `/inventory/${item.id}/movements?sort=occurredAt&limit=1`,
      );
      expect(oldest.json<Page<Movement>>().items.map((movement) => movement.kind)).toEqual([
        'adjustment',
      ]);
    });

    it('refuses what would take on hand below 0: 409 insufficient_stock, nothing written', async () => {
      const [item] = await insertItems(dataSource, partner.id, [
        { sku: `SHORT-${randomUUID()}`, onHand: 2 },
      ]);
      if (item === undefined) throw new Error('no item');
      const response = await record(item.id, { kind: 'loss', quantity: -3 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'insufficient_stock' });
      const count = await dataSource
        .getRepository(InventoryMovement)
        .countBy({ partnerId: partner.id, itemId: item.id });
      expect(count).toBe(0);
      const after = await send('viewer', `/inventory/${item.id}`);
      expect(after.json<Item>()).toMatchObject({
        onHand: 2,
        updatedAt: item.updatedAt.toISOString(),
      });
    });

    it('answers 400 for a sign that does not fit the kind, a future time, unknown fields', async () => {
      const item = itemOf('TENT-4P');
      const future = new Date(Date.now() + 5 * 60_000).toISOString();
      const cases: Array<[unknown, string]> = [
        [{ kind: 'receipt', quantity: -1 }, 'quantity'],
        [{ kind: 'shipment', quantity: 1 }, 'quantity'],
        [{ kind: 'adjustment', quantity: 0 }, 'quantity'],
        [{ kind: 'return', quantity: 1.5 }, 'quantity'],
        [{ kind: 'receipt', quantity: 2_000_000_000 }, 'quantity'],
        [{ kind: 'theft', quantity: -1 }, 'kind'],
        [{ kind: 'receipt', quantity: 1, occurredAt: future }, 'occurredAt'],
        [{ kind: 'receipt', quantity: 1, occurredAt: 'yesterday' }, 'occurredAt'],
        [{ kind: 'receipt', quantity: 1, itemId: item.id }, 'itemId'],
        [{ kind: 'receipt', quantity: 1, reference: 'x'.repeat(201) }, 'reference'],
      ];
      for (const [payload, field] of cases) {
        const response = await record(item.id, payload);
        expect([payload, response.statusCode]).toEqual([payload, 400]);
        expect(response.json<{ errors: Array<{ field: string }> }>().errors).toEqual(
          expect.arrayContaining([expect.objectContaining({ field })]),
        );
      }
      for (const occurredAt of [
        '1969-12-31T23:59:59Z',
        '0001-01-01T00:00:00Z',
        '-000001-01-01T00:00:00.000Z',
        '+275760-09-13T00:00:00.000Z',
        '2026-02-30T00:00:00Z',
      ]) {
        const response = await record(item.id, { kind: 'receipt', quantity: 1, occurredAt });
        expect([occurredAt, response.statusCode]).toEqual([occurredAt, 400]);
      }
      const nearFuture = new Date(Date.now() + 30_000).toISOString();
      const skewed = await record(item.id, {
        kind: 'receipt',
        quantity: 1,
        occurredAt: nearFuture,
      });
      expect(skewed.statusCode).toBe(201);
    });

    it('refuses a quantity that would pass the integer range: 400 on quantity, nothing written', async () => {
      const [full, broken] = await insertItems(dataSource, partner.id, [
        { sku: `FULL-${randomUUID()}`, onHand: 2_000_000_000 },
        { sku: `BROKEN-${randomUUID()}`, onHand: 1_000_000_000, damaged: 2_000_000_000 },
      ]);
      if (full === undefined || broken === undefined) throw new Error('no items');
      for (const [item, payload] of [
        [full, { kind: 'receipt', quantity: 1_000_000_000 }],
        [full, { kind: 'adjustment', quantity: 200_000_000 }],
        [broken, { kind: 'damage', quantity: -1_000_000_000 }],
      ] as const) {
        const response = await record(item.id, payload);
        expect([payload, response.statusCode]).toEqual([payload, 400]);
        expect(response.json()).toMatchObject({
          code: 'validation',
          errors: [{ field: 'quantity' }],
        });
      }
      const count = await dataSource
        .getRepository(InventoryMovement)
        .countBy({ partnerId: partner.id, itemId: full.id });
      expect(count).toBe(0);
      const huge = await send('viewer', `/inventory/${full.id}`);
      expect(huge.json<Item>()).toMatchObject({
        onHand: 2_000_000_000,
        value: { amount: 200_000_000_000 },
      });
    });

    it('is staff’s: 403 for members, 404 for another partner’s item', async () => {
      const item = itemOf('TENT-4P');
      for (const role of ['viewer', 'manager'] as const) {
        expect((await record(item.id, { kind: 'receipt', quantity: 1 }, role)).statusCode).toBe(
          403,
        );
      }
      expect((await record(foreignItem.id, { kind: 'receipt', quantity: 1 })).statusCode).toBe(404);
      expect((await record(randomUUID(), { kind: 'receipt', quantity: 1 })).statusCode).toBe(404);
      expect((await record('nope', { kind: 'receipt', quantity: 1 })).statusCode).toBe(404);
    });

    it('lists 404 for another partner’s item, and refuses another item’s cursor', async () => {
      expect((await send('viewer', `/inventory/${foreignItem.id}/movements`)).statusCode).toBe(404);
      const [a, b] = await insertItems(dataSource, partner.id, [
        { sku: `HIST-A-${randomUUID()}`, onHand: 10 },
        { sku: `HIST-B-${randomUUID()}`, onHand: 10 },
      ]);
      if (a === undefined || b === undefined) throw new Error('no items');
      for (const item of [a, b]) {
        await record(item.id, { kind: 'loss', quantity: -1 });
        await record(item.id, { kind: 'loss', quantity: -1 });
      }
      const first = (await send('viewer', `/inventory/${a.id}/movements?limit=1`)).json<
        Page<Movement>
      >();
      const foreign = await send(
        'viewer',
        `/inventory/${b.id}/movements?limit=1&cursor=${first.nextCursor ?? ''}`,
      );
      expect(foreign.statusCode).toBe(400);
      const own = await send(
        'viewer',
        `/inventory/${a.id}/movements?limit=1&cursor=${first.nextCursor ?? ''}`,
      );
      expect(own.statusCode).toBe(200);
    });
  });
});
