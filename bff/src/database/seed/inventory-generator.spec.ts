import { MOVEMENT_KINDS } from '#src/inventory/inventory-movement.entity.js';
import { DEMO_INVENTORY_PROFILES, scaleInventoryProfile } from './inventory-catalog.js';
import { demoInventoryOptions } from './demo-inventory.js';
import {
  ean13,
  generateInventory,
  type InventoryBatch,
  type InventoryGeneratorOptions,
  inventoryBatches,
} from './inventory-generator.js';

const NOW = new Date('2026-03-01T12:00:00Z');

function concat(batches: Iterable<InventoryBatch>): InventoryBatch {
  const all = generateInventory(demoInventoryOptions('globex', NOW), 0, 0);
  for (const batch of batches) {
    for (const key of Object.keys(all.items) as Array<keyof InventoryBatch['items']>)
      (all.items[key] as unknown[]).push(...batch.items[key]);
    for (const key of Object.keys(all.movements) as Array<keyof InventoryBatch['movements']>)
      (all.movements[key] as unknown[]).push(...batch.movements[key]);
  }
  return all;
}

/** Replays each item's movements in time order, as the database would see them. */
function replay(batch: InventoryBatch): string[] {
  const problems: string[] = [];
  const byItem = new Map<string, number[]>();
  batch.movements.itemId.forEach((itemId, index) => {
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), index]);
  });
  batch.items.id.forEach((itemId, i) => {
    const order = (byItem.get(itemId) ?? []).sort(
      (a, b) => (batch.movements.occurredAt[a] ?? 0) - (batch.movements.occurredAt[b] ?? 0),
    );
    let onHand = 0;
    let damaged = 0;
    for (const m of order) {
      const quantity = batch.movements.quantity[m] ?? 0;
      onHand += quantity;
      if (batch.movements.kind[m] === 'damage') damaged -= quantity;
      if (onHand < 0) problems.push(`${batch.items.sku[i]} below 0`);
    }
    if (onHand !== batch.items.onHand[i]) problems.push(`${batch.items.sku[i]} on hand`);
    if (damaged !== batch.items.damaged[i]) problems.push(`${batch.items.sku[i]} damaged`);
  });
  return problems;
}

describe('the inventory generator', () => {
  it('gives the same data for the same seed, in one piece or in batches', () => {
    const options = demoInventoryOptions('acme-outdoor', NOW);
    const whole = generateInventory(options, 0, 120);
    expect(generateInventory(options, 0, 120)).toEqual(whole);
    expect(concat(inventoryBatches(options, 120, 7))).toEqual(whole);
    const other = generateInventory({ ...options, seed: 'another seed' }, 0, 120);
    expect(other.items.id).not.toEqual(whole.items.id);
    expect(other.items.onHand).not.toEqual(whole.items.onHand);
  });

  it('keeps on hand and damaged the sum of the movements, never below 0 in time order', () => {
    const options: InventoryGeneratorOptions = {
      profile: scaleInventoryProfile(1),
      seed: 'spec',
      partnerKey: 'scale-01',
      now: NOW,
      movementsPerItem: 3,
    };
    for (const batch of [
      generateInventory(options, 0, 2_000),
      generateInventory({ ...options, movementsPerItem: 40 }, 0, 300),
      generateInventory(demoInventoryOptions('northwind', NOW), 0, 250),
    ]) {
      expect(replay(batch)).toEqual([]);
      expect(new Set(batch.movements.kind)).toEqual(new Set(MOVEMENT_KINDS));
      expect(new Set(batch.items.sku).size).toBe(batch.items.sku.length);
      expect(new Set(batch.movements.id).size).toBe(batch.movements.id.length);
    }
  });

  it('averages the movements per item asked for', () => {
    const batch = generateInventory(
      {
        profile: scaleInventoryProfile(2),
        seed: 's',
        partnerKey: 'p',
        now: NOW,
        movementsPerItem: 10,
      },
      0,
      5_000,
    );
    expect(batch.movements.id.length / 5_000).toBeCloseTo(10, 0);
  });

  it('makes valid EAN-13 barcodes', () => {
    expect(ean13('400638133393')).toBe('4006381333931');
    const { barcode } = generateInventory(demoInventoryOptions('acme-outdoor', NOW), 0, 50).items;
    for (const code of barcode) if (code !== null) expect(ean13(code.slice(0, 12))).toBe(code);
    expect(DEMO_INVENTORY_PROFILES['acme-outdoor'].barcodePrefix).toHaveLength(8);
  });
});
