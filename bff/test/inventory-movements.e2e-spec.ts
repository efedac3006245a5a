import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { InventoryItem } from '../src/inventory/inventory-item.entity.js';
import { InventoryMovement } from '../src/inventory/inventory-movement.entity.js';
import type { Partner } from '../src/partners/partner.entity.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import { bearerOf, createPartner, insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));

/**
 * Recording movements under concurrency (issue #8, "must be shown" 2; docs/product.md §4): parallel
 * requests on one item all count, and nothing takes on hand below 0.
 */
describe('inventory movements under concurrency', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let partner: Partner;
  let staff: string;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    dataSource = api.app.get(DataSource);
    partner = await createPartner(dataSource, 'moves');
    staff = await bearerOf(api, 'staff@portal.example');
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  async function newItem(quantities: Partial<InventoryItem>): Promise<InventoryItem> {
    const [item] = await insertItems(dataSource, partner.id, [
      { sku: `RACE-${Math.random().toString(36).slice(2)}`, ...quantities },
    ]);
    if (item === undefined) throw new Error('no item');
    return item;
  }

  function record(itemId: string, payload: { kind: string; quantity: number }) {
    return api.request({
      method: 'POST',
      url: `/api/partners/${partner.slug}/inventory/${itemId}/movements`,
      headers: { authorization: `Bearer ${staff}` },
      payload,
    });
  }

  const stored = (itemId: string) =>
    dataSource.getRepository(InventoryItem).findOneByOrFail({ partnerId: partner.id, id: itemId });
  const movementsOf = (itemId: string) =>
    dataSource.getRepository(InventoryMovement).findBy({ partnerId: partner.id, itemId });

  it('counts every one of 50 parallel movements of every kind: the item is the sum of its movements', async () => {
    const start = { onHand: 5_000, reserved: 300, inbound: 200, damaged: 0 };
    const item = await newItem(start);
    const kinds = ['receipt', 'shipment', 'adjustment', 'damage', 'loss', 'return', 'transfer'];
    const movements = fc.sample(
      fc.record({ kind: fc.constantFrom(...kinds), size: fc.integer({ min: 1, max: 40 }) }),
      { numRuns: 50, seed: SEED },
    );
    // Each with the sign its kind takes; adjustments and transfers either way.
    const payloads = movements.map(({ kind, size }, index) => ({
      kind,
      quantity: ['receipt', 'return'].includes(kind)
        ? size
        : ['shipment', 'damage', 'loss'].includes(kind) || index % 2 === 1
          ? -size
          : size,
    }));

    const responses = await Promise.all(payloads.map((payload) => record(item.id, payload)));

    expect(responses.map((response) => response.statusCode)).toEqual(payloads.map(() => 201));
    const recorded = await movementsOf(item.id);
    expect(recorded).toHaveLength(50);
    const sum = (kind?: string) =>
      recorded
        .filter((movement) => kind === undefined || movement.kind === kind)
        .reduce((total, movement) => total + movement.quantity, 0);
    const after = await stored(item.id);
    expect(after.onHand).toBe(start.onHand + sum());
    // Receipts lower inbound, shipments reserved (neither below 0), damages raise damaged.
    expect(after.inbound).toBe(Math.max(0, start.inbound - sum('receipt')));
    expect(after.reserved).toBe(Math.max(0, start.reserved + sum('shipment')));
    expect(after.damaged).toBe(-sum('damage'));
  });

  it('lets exactly the shipments that fit through when they race; the rest are 409 and write nothing', async () => {
    const item = await newItem({ onHand: 10, reserved: 10 });
    const sizes = fc.sample(fc.integer({ min: 1, max: 4 }), { numRuns: 30, seed: SEED + 1 });

    const responses = await Promise.all(
      sizes.map((size) => record(item.id, { kind: 'shipment', quantity: -size })),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ code: 'insufficient_stock' });
    }
    const after = await stored(item.id);
    const recorded = await movementsOf(item.id);
    const shipped = sizes.filter((_, index) => statuses[index] === 201);
    const refused = sizes.filter((_, index) => statuses[index] === 409);
    expect(after.onHand).toBeGreaterThanOrEqual(0);
    expect(recorded).toHaveLength(shipped.length);
    expect(recorded.map((movement) => -movement.quantity).sort()).toEqual([...shipped].sort());
    expect(after.onHand).toBe(10 - shipped.reduce((total, size) => total + size, 0));
    // On hand only falls in this race: each refused shipment did not fit then, nor at the end.
    for (const size of refused) expect(size).toBeGreaterThan(after.onHand);
  });

  it('lets exactly 10 of 25 racing one-unit shipments through 10 on hand', async () => {
    const item = await newItem({ onHand: 10 });
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => record(item.id, { kind: 'shipment', quantity: -1 })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect((await stored(item.id)).onHand).toBe(0);
    expect(await movementsOf(item.id)).toHaveLength(10);
  });
});
