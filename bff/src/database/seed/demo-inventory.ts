import { DEMO_NAMED_CLAIMS, namedClaimMovement } from './demo-claims.js';
import { DEMO_INVENTORY_PROFILES } from './inventory-catalog.js';
import {
  ean13,
  type InventoryBatch,
  type InventoryGeneratorOptions,
  inventoryBatches,
  insertInventoryBatch,
  type NamedItem,
  type Query,
} from './inventory-generator.js';

/** The seed of the demo inventory: the same items, ids and histories in every demo database. */
export const DEMO_INVENTORY_SEED = 'partner-portal-demo-1';

/**
 * Average movements per demo item over the 18 months: enough for the histories and the charts, few
 * enough that PGlite writes them in about a second of the embedded default's cold start.
 */
export const DEMO_MOVEMENTS_PER_ITEM = 16;

type DemoInventorySlug = keyof typeof DEMO_INVENTORY_PROFILES;

/**
 * The items the docs and the tests rely on (docs/product.md §6, "Named demo items"): their SKU, name,
 * barcode, warehouse and stock state are fixed; the quantities around them come from the generator.
 */
export const DEMO_NAMED_ITEMS: Record<DemoInventorySlug, readonly NamedItem[]> = {
  'acme-outdoor': [
    {
      index: 0,
      sku: 'ACM-TEN-00001',
      name: 'Trailhead Tent, 2-Person',
      category: 'Tents',
      warehouse: 'Berlin-Tempelhof',
      barcode: ean13('426012340001'),
      state: 'in',
    },
    {
      index: 1,
      sku: 'ACM-SLP-00002',
      name: 'Alpine Down Sleeping Bag, -10 °C',
      category: 'Sleeping Bags',
      warehouse: 'Hamburg-Billbrook',
      barcode: ean13('426012340002'),
      state: 'low',
    },
    {
      index: 2,
      sku: 'ACM-CKG-00003',
      name: 'Summit Gas Stove',
      category: 'Cooking',
      warehouse: 'Leipzig-Schkeuditz',
      barcode: ean13('426012340003'),
      state: 'out',
    },
    {
      index: 3,
      sku: 'ACM-JKT-00004',
      name: 'Storm Shell Jacket 2019, Red, M',
      category: 'Jackets',
      warehouse: 'München-Allach',
      barcode: ean13('426012340004'),
      state: 'out',
      discontinued: true,
    },
    {
      index: 4,
      sku: 'ACM-BAG-00005',
      name: 'Ridge Backpack, 45 L',
      category: 'Backpacks',
      warehouse: 'Berlin-Tempelhof',
      barcode: ean13('426012340005'),
      state: 'in',
      incident: { kind: 'loss', quantity: 3, daysAgo: 12, note: 'Not found at the cycle count' },
    },
    {
      index: 5,
      sku: 'ACM-BOT-00006',
      name: 'Cairn Hiking Boots, Size 42',
      category: 'Footwear',
      warehouse: 'Hamburg-Billbrook',
      barcode: ean13('426012340006'),
      state: 'in',
      incident: {
        kind: 'damage',
        quantity: 2,
        daysAgo: 5,
        note: 'Crushed carton found at put-away',
      },
    },
    {
      index: 6,
      sku: 'ACM-LGT-00007',
      name: 'Glowworm Headlamp, 400 lm',
      category: 'Lighting',
      warehouse: 'Leipzig-Schkeuditz',
      barcode: null,
      state: 'in',
      incident: { kind: 'loss', quantity: 4, daysAgo: 55, note: 'Missing from an outbound pallet' },
    },
    {
      index: 7,
      sku: 'ACM-ACC-00008',
      name: 'Merino Hiking Socks, M',
      category: 'Accessories',
      warehouse: 'München-Allach',
      barcode: ean13('426012340008'),
      state: 'in',
      incident: {
        kind: 'damage',
        quantity: 6,
        daysAgo: 58,
        note: 'Water damage in the racking aisle',
      },
    },
  ],
  northwind: [
    {
      index: 0,
      sku: 'NW-100001',
      name: 'Everyday Ceramic Mug, 12 oz',
      category: 'Kitchen',
      warehouse: 'Newark, NJ',
      barcode: ean13('084567100001'),
      state: 'in',
    },
    {
      index: 1,
      sku: 'NW-100002',
      name: 'Fresh All-Purpose Cleaner, 32 fl oz',
      category: 'Cleaning',
      warehouse: 'Columbus, OH',
      barcode: ean13('084567100002'),
      state: 'low',
      incident: { kind: 'damage', quantity: 5, daysAgo: 20, note: 'Leaking bottles in the case' },
    },
    {
      index: 2,
      sku: 'NW-100003',
      name: 'Tinker Building Blocks, Ages 3+',
      category: 'Toys',
      warehouse: 'Dallas, TX',
      barcode: ean13('084567100003'),
      state: 'out',
    },
  ],
  globex: [
    {
      index: 0,
      sku: 'GX000001-WMN',
      name: 'Mayfair Knit Jumper, UK 12',
      category: 'Womenswear',
      warehouse: 'Daventry DC',
      barcode: ean13('501234500001'),
      state: 'in',
    },
    {
      index: 1,
      sku: 'GX000002-ELE',
      name: 'Sonic Wireless Earbuds, Black',
      category: 'Electronics',
      warehouse: 'Manchester Trafford Park',
      barcode: ean13('501234500002'),
      state: 'low',
      incident: { kind: 'loss', quantity: 2, daysAgo: 9, note: 'Missing from an outbound pallet' },
    },
  ],
};

/** Items per demo partner. */
export const DEMO_ITEM_COUNTS: Record<DemoInventorySlug, number> = {
  'acme-outdoor': 300,
  northwind: 250,
  globex: 200,
};

export function demoInventoryOptions(
  slug: DemoInventorySlug,
  now: Date,
): InventoryGeneratorOptions {
  return {
    profile: DEMO_INVENTORY_PROFILES[slug],
    seed: DEMO_INVENTORY_SEED,
    partnerKey: slug,
    now,
    movementsPerItem: DEMO_MOVEMENTS_PER_ITEM,
    // With the movements the named claims are filed from (docs/product.md §4).
    namedItems: DEMO_NAMED_ITEMS[slug].map((item) => ({
      ...item,
      claimed: DEMO_NAMED_CLAIMS[slug]
        .filter((claim) => claim.sku === item.sku)
        .flatMap((claim) => namedClaimMovement(claim) ?? []),
    })),
  };
}

/**
 * Writes the demo items and their 18 months of movements, `now` being the load's instant; returns what
 * it wrote per partner slug (the demo claims are filed for these movements).
 */
export async function loadDemoInventory(
  query: Query,
  partnerIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<Map<string, InventoryBatch[]>> {
  const written = new Map<string, InventoryBatch[]>();
  for (const slug of Object.keys(DEMO_ITEM_COUNTS) as DemoInventorySlug[]) {
    const partnerId = partnerIds.get(slug);
    if (partnerId === undefined) throw new Error(`Demo inventory names unknown partner ${slug}`);
    const count = DEMO_ITEM_COUNTS[slug];
    const batches: InventoryBatch[] = [];
    // One statement per table and partner: PGlite pays per statement (a hundred items at a time takes
    // twice as long in all).
    for (const batch of inventoryBatches(demoInventoryOptions(slug, now), count, count)) {
      await insertInventoryBatch(query, partnerId, batch);
      batches.push(batch);
    }
    written.set(slug, batches);
  }
  return written;
}

/** The ids of the items with a named incident, per partner slug, from what `loadDemoInventory` wrote. */
export function itemsWithIncidents(slug: string, batches: readonly InventoryBatch[]): Set<string> {
  const named = DEMO_NAMED_ITEMS[slug as DemoInventorySlug] ?? [];
  const skus = new Set(named.filter((item) => item.incident !== undefined).map((item) => item.sku));
  const ids = new Set<string>();
  for (const { items } of batches) {
    items.sku.forEach((sku, i) => {
      if (skus.has(sku)) ids.add(items.id[i] as string);
    });
  }
  return ids;
}
