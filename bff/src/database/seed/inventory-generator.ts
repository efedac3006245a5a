import type { MovementKind } from '#src/inventory/inventory-movement.entity.js';
import type { CategoryProfile, InventoryProfile } from './inventory-catalog.js';

/**
 * The one generator of inventory data: the demo data of the embedded default and the scale loads of
 * `gen:data` both come from it. Deterministic: the same seed, partner key and `now` give the same items
 * (ids included) and movements, and each item is generated on its own from (seed, partner key, index),
 * so a load in chunks, or in another order, gives the same data.
 *
 * Every item keeps the rules of docs/product.md §4: on hand and damaged are exactly the sum of its
 * movements (a damage raises damaged by the units it takes off on hand); replayed in time order, on hand
 * never goes below 0; each kind has its sign. Reserved and inbound come from systems outside the product
 * (orders, advance shipping notices) and are set directly, together with the reorder point, to give the
 * item its stock state: most in stock, some low (0 < available <= reorder point), some out
 * (available <= 0, often with nothing on hand).
 */

export const HISTORY_DAYS = 548; // 18 months
const DAY_MS = 86_400_000;
/** The UUIDv7 counters of a named claim's movements, past any history's (`claimed`). */
const CLAIMED_MOVEMENT_COUNTER = 0xf00;

/** The time field of the first item's UUIDv7. */
const ID_EPOCH = Date.UTC(2025, 0, 1);

export type StockState = 'in' | 'low' | 'out';

/** An item the docs and the tests name: fixed SKU, name, barcode and state. */
export interface NamedItem {
  /** Its place among the partner's items (0-based): the generated item there is replaced. */
  index: number;
  sku: string;
  name: string;
  category: string;
  warehouse: string;
  barcode: string | null;
  state: StockState;
  discontinued?: boolean;
  /** A loss or damage this many days before the load (whole days), besides the item's history. */
  incident?: { kind: 'loss' | 'damage'; quantity: number; daysAgo: number; note: string };
  /**
   * Movements a named claim is filed from (docs/product.md §4: a lost, damaged or shortage claim
   * stands for its loss, damage or receipt), exactly this many hours before the load, besides the
   * item's history; `quantity` is the units moved (a receipt adds them, a loss or damage takes them,
   * received an hour before).
   */
  claimed?: ReadonlyArray<{
    kind: 'loss' | 'damage' | 'receipt';
    quantity: number;
    hoursAgo: number;
  }>;
}

export interface InventoryGeneratorOptions {
  profile: InventoryProfile;
  /** Seeds the randomness together with `partnerKey`; keeps ids distinct between partners. */
  seed: string;
  /** Stable name of the partner (its slug), not its database id. */
  partnerKey: string;
  /** The load's instant: history runs 18 months up to it. */
  now: Date;
  /** Average movements per item (each item has between 1 and 2 × average − 1). */
  movementsPerItem: number;
  namedItems?: readonly NamedItem[];
}

/** Items column by column, as `unnest` and COPY want them; times in epoch milliseconds. */
export interface ItemColumns {
  id: string[];
  sku: string[];
  name: string[];
  category: string[];
  barcode: Array<string | null>;
  warehouse: string[];
  unitValue: number[];
  onHand: number[];
  reserved: number[];
  inbound: number[];
  damaged: number[];
  reorderPoint: number[];
  status: string[];
  createdAt: number[];
  updatedAt: number[];
}

export interface MovementColumns {
  id: string[];
  itemId: string[];
  kind: MovementKind[];
  quantity: number[];
  reference: Array<string | null>;
  note: Array<string | null>;
  occurredAt: number[];
  recordedAt: number[];
}

export interface ItemRow {
  id: string;
  sku: string;
  name: string;
  category: string;
  barcode: string | null;
  warehouse: string;
  unitValue: number;
  onHand: number;
  reserved: number;
  inbound: number;
  damaged: number;
  reorderPoint: number;
  status: 'active' | 'discontinued';
  /** Epoch milliseconds, whole seconds. */
  createdAt: number;
  updatedAt: number;
}

export interface MovementRow {
  id: string;
  itemId: string;
  kind: MovementKind;
  quantity: number;
  reference: string | null;
  note: string | null;
  occurredAt: number;
  recordedAt: number;
}

/** Where generated rows go, one at a time: columns for `unnest`, or COPY text as they come. */
export interface InventorySink {
  item(row: ItemRow): void;
  movement(row: MovementRow): void;
}

export interface InventoryBatch {
  items: ItemColumns;
  movements: MovementColumns;
}

const emptyItems = (): ItemColumns => ({
  id: [],
  sku: [],
  name: [],
  category: [],
  barcode: [],
  warehouse: [],
  unitValue: [],
  onHand: [],
  reserved: [],
  inbound: [],
  damaged: [],
  reorderPoint: [],
  status: [],
  createdAt: [],
  updatedAt: [],
});

const emptyMovements = (): MovementColumns => ({
  id: [],
  itemId: [],
  kind: [],
  quantity: [],
  reference: [],
  note: [],
  occurredAt: [],
  recordedAt: [],
});

const wholeSecond = (ms: number) => ms - (ms % 1_000);

const dayPrefixes = new Map<number, string>();
let timesOfDay: string[] | undefined;

/**
 * `2025-03-04T10:11:12Z` for a whole-second instant, without a Date per value: the bulk writers format
 * millions of them.
 */
export function isoSecond(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  timesOfDay ??= Array.from({ length: 86_400 }, (_, second) =>
    new Date(second * 1_000).toISOString().slice(11, 19),
  );
  return `${prefix}${timesOfDay[Math.floor((ms - day * DAY_MS) / 1_000)]}Z`;
}

/** FNV-1a of a string: the 32-bit seed of an item's random stream. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** sfc32: small, fast, and good enough for test data (not for anything secret). */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i += 1) this.next32();
  }

  next32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  float(): number {
    return this.next32() / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.float() * values.length)] as T;
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  /**
   * A UUIDv7 (RFC 9562): `ms` in the 48-bit time field, `counter` in the 12 bits after the version,
   * random bits from this stream in the rest. Ids that rise with the load order keep the primary keys'
   * and the history index's inserts at the right edge of the B-tree: a million items load much faster
   * than with random ids, and the ids are ordinary UUIDs to everyone else.
   */
  uuidV7(ms: number, counter: number): string {
    const high = Math.floor(ms / 65_536);
    const low = ms & 0xffff;
    const c = this.next32();
    const d = this.next32();
    return (
      HEX[(high >>> 24) & 255]! +
      HEX[(high >>> 16) & 255]! +
      HEX[(high >>> 8) & 255]! +
      HEX[high & 255]! +
      '-' +
      HEX[low >>> 8]! +
      HEX[low & 255]! +
      '-' +
      HEX[0x70 | ((counter >>> 8) & 15)]! +
      HEX[counter & 255]! +
      '-' +
      HEX[0x80 | ((c >>> 24) & 63)]! +
      HEX[(c >>> 16) & 255]! +
      '-' +
      HEX[(c >>> 8) & 255]! +
      HEX[c & 255]! +
      HEX[d >>> 24]! +
      HEX[(d >>> 16) & 255]! +
      HEX[(d >>> 8) & 255]! +
      HEX[d & 255]!
    );
  }

  /** An integer in [max(1, round(low)), max(1, round(high))]: a count of units. */
  units(low: number, high: number): number {
    return this.int(Math.max(1, Math.round(low)), Math.max(1, Math.round(high)));
  }
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** EAN-13 from its first 12 digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

function pickWeighted<T extends { weight: number }>(random: Random, values: readonly T[]): T {
  const total = values.reduce((sum, value) => sum + value.weight, 0);
  let point = random.float() * total;
  for (const value of values) {
    point -= value.weight;
    if (point < 0) return value;
  }
  return values[values.length - 1] as T;
}

/** The mix of kinds of a history after its opening receipt (relative weights). */
const KIND_WEIGHTS: ReadonlyArray<{ kind: MovementKind; weight: number }> = [
  { kind: 'shipment', weight: 50 },
  { kind: 'receipt', weight: 14 },
  { kind: 'return', weight: 9 },
  { kind: 'adjustment', weight: 8 },
  { kind: 'transfer', weight: 7 },
  { kind: 'damage', weight: 6 },
  { kind: 'loss', weight: 6 },
];

const NOTES: Partial<Record<MovementKind, readonly string[]>> = {
  damage: [
    'Crushed carton found at put-away',
    'Water damage in the racking aisle',
    'Dropped by a forklift',
    'Packaging torn, not sellable',
    'Damaged in transit between buildings',
  ],
  loss: [
    'Not found at the cycle count',
    'Missing from an outbound pallet',
    'Unaccounted for after the stock check',
    'Lost between receiving and put-away',
  ],
  adjustment: ['Cycle count correction', 'Stock check variance', 'Unit of measure correction'],
  return: ['Customer return, resaleable', 'Returned unopened', 'Return after repair check'],
};

const YEAR_STARTS = Array.from({ length: 101 }, (_, i) => Date.UTC(2000 + i, 0, 1));

/** The UTC year of an instant, without a Date per movement. */
function yearOf(ms: number): number {
  let year = 0;
  while (year < 100 && (YEAR_STARTS[year + 1] as number) <= ms) year += 1;
  return 2000 + year;
}

function reference(random: Random, kind: MovementKind, at: number): string | null {
  const year = yearOf(at) % 100;
  const number = random.int(1, 99_999);
  switch (kind) {
    case 'receipt':
      return random.chance(0.7) ? `ASN-${year}-${number}` : `PO-${year}${number}`;
    case 'shipment':
      return `SO-${year}-${String(random.int(1, 999_999)).padStart(6, '0')}`;
    case 'return':
      return `RMA-${number}`;
    case 'transfer':
      return `TRF-${number}`;
    case 'adjustment':
      return random.chance(0.6) ? `CC-${new Date(at).toISOString().slice(0, 10)}` : null;
    case 'damage':
    case 'loss':
      return random.chance(0.6) ? `INC-${number}` : null;
  }
}

const NO_NAMES: ReadonlySet<string> = new Set();
const namesOfNamedItems = new WeakMap<readonly NamedItem[], ReadonlySet<string>>();

function reservedNames(options: InventoryGeneratorOptions): ReadonlySet<string> {
  const named = options.namedItems;
  if (named === undefined) return NO_NAMES;
  let names = namesOfNamedItems.get(named);
  if (names === undefined) {
    names = new Set(named.map((item) => item.name));
    namesOfNamedItems.set(named, names);
  }
  return names;
}

function otherWarehouse(
  random: Random,
  warehouses: readonly string[],
  from: string,
): string | undefined {
  if (warehouses.length < 2) return undefined;
  const other = random.pick(warehouses);
  return other === from ? warehouses[(warehouses.indexOf(from) + 1) % warehouses.length] : other;
}

interface PlannedMovement {
  at: number;
  kind: MovementKind | undefined;
  quantity: number | undefined;
  note?: string;
}

/**
 * One item and its history. The history is played in time order with the running on-hand count, so no
 * outgoing movement takes more than is there (less what a planned incident still has to take).
 */
function generateItem(
  options: InventoryGeneratorOptions,
  index: number,
  sink: InventorySink,
): void {
  const { profile } = options;
  const random = new Random(hashSeed(`${options.seed}/${options.partnerKey}/${index}`));
  const named = options.namedItems?.find((item) => item.index === index);
  // Whole seconds throughout, as warehouse systems record them.
  const now = wholeSecond(options.now.getTime());
  const historyStart = now - HISTORY_DAYS * DAY_MS;

  const category: CategoryProfile = named
    ? (profile.categories.find((c) => c.name === named.category) ??
      pickWeighted(random, profile.categories))
    : pickWeighted(random, profile.categories);
  const serial = index + 1;
  // Ids rise with the item's index (and, within an item, with its movements' order); they do not
  // depend on `now`, so every load of the same seed has the same ids.
  const idTime = ID_EPOCH + index;
  const itemId = random.uuidV7(idTime, 0);
  let name = named?.name;
  // A generated name never equals a named item's: searching for one finds exactly it.
  while (name === undefined || (named === undefined && reservedNames(options).has(name))) {
    const variant = random.pick(category.variants);
    name = `${random.pick(category.lines)} ${random.pick(category.nouns)}${variant === '' ? '' : `, ${variant}`}`;
  }
  const barcodeDigits = 12 - profile.barcodePrefix.length;
  const barcode = named
    ? named.barcode
    : random.chance(profile.barcodeShare)
      ? ean13(
          `${profile.barcodePrefix}${String(serial % 10 ** barcodeDigits).padStart(barcodeDigits, '0')}`,
        )
      : null;
  const warehouse = named?.warehouse ?? random.pick(profile.warehouses);
  const [minValue, maxValue] = category.unitValue;
  // Prices end in 0 or 9 minor units (…,90 / …,99) as price lists do.
  const unitValue = Math.max(
    0,
    Math.round(random.int(minValue, maxValue) / 10) * 10 - (random.chance(0.5) ? 1 : 0),
  );
  const discontinued = named ? named.discontinued === true : random.chance(0.05);
  const stateRoll = random.float();
  const state: StockState =
    named?.state ??
    (discontinued
      ? stateRoll < 0.5
        ? 'out'
        : 'in'
      : stateRoll < 0.08
        ? 'out'
        : stateRoll < 0.2
          ? 'low'
          : 'in');

  // Most of the catalogue is there from the start of the history; the rest arrives over time.
  const createdAt = wholeSecond(
    named
      ? historyStart + random.int(0, 20) * DAY_MS
      : random.chance(0.6)
        ? historyStart + random.int(0, 30 * DAY_MS)
        : historyStart + random.int(30 * DAY_MS, (HISTORY_DAYS - 14) * DAY_MS),
  );
  // A discontinued item's history ends some months before now.
  const historyEnd = discontinued
    ? Math.min(
        now - 30 * DAY_MS,
        createdAt + Math.max(30 * DAY_MS, Math.floor((now - createdAt) * random.float())),
      )
    : now - random.int(0, 3 * DAY_MS);
  const span = Math.max(historyEnd - createdAt, 60_000);

  const average = Math.max(1, options.movementsPerItem);
  const count = random.int(1, Math.max(1, 2 * Math.round(average) - 1));
  const plan: PlannedMovement[] = [{ at: createdAt, kind: 'receipt', quantity: undefined }];
  for (let i = 1; i < count; i += 1) {
    plan.push({
      at: wholeSecond(createdAt + 1_000 + Math.floor(random.float() * span)),
      kind: undefined,
      quantity: undefined,
    });
  }
  if (named?.incident !== undefined) {
    const { kind, quantity, daysAgo, note } = named.incident;
    plan.push({
      at: wholeSecond(now - daysAgo * DAY_MS - random.int(0, 8 * 3_600_000)),
      kind,
      quantity: -quantity,
      note,
    });
  }
  plan.sort((a, b) => a.at - b.at);
  // Strictly increasing instants: the order in time is the order, whatever breaks ties.
  for (let i = 1; i < plan.length; i += 1) {
    const current = plan[i] as PlannedMovement;
    const previous = plan[i - 1] as PlannedMovement;
    if (current.at <= previous.at) current.at = previous.at + 1_000;
  }
  let stillToTake = plan.reduce(
    (sum, m) => sum + (m.quantity !== undefined && m.quantity < 0 ? -m.quantity : 0),
    0,
  );

  const size = category.receiptSize;
  const amount = (low: number, high: number) => random.units(low, high);
  let onHand = 0;
  let damaged = 0;
  const last = plan.length - 1;
  for (let i = 0; i < plan.length; i += 1) {
    const planned = plan[i] as PlannedMovement;
    let kind: MovementKind;
    let quantity: number;
    let note: string | null = null;
    if (planned.kind !== undefined && planned.quantity !== undefined) {
      kind = planned.kind;
      quantity = planned.quantity;
      stillToTake += quantity;
      note = planned.note ?? null;
    } else {
      const spare = onHand - stillToTake;
      kind = planned.kind ?? pickWeighted(random, KIND_WEIGHTS).kind;
      if (kind === 'adjustment' || kind === 'transfer') {
        const magnitude =
          kind === 'adjustment' ? amount(1, size / 20) : amount(size / 10, size / 3);
        quantity = random.chance(0.5) && spare > 0 ? -Math.min(magnitude, spare) : magnitude;
      } else if (kind === 'receipt') {
        quantity = amount(size / 2, size * 1.5);
      } else if (kind === 'return') {
        quantity = amount(1, size / 25);
      } else {
        const wanted =
          kind === 'shipment'
            ? amount(1, size / 8)
            : kind === 'damage'
              ? amount(1, size / 30)
              : amount(1, size / 20);
        if (spare <= 0) {
          // Nothing to take: the warehouse restocks instead.
          kind = 'receipt';
          quantity = amount(size / 2, size * 1.5);
        } else {
          quantity = -Math.min(wanted, spare);
        }
      }
      if (i === last && i > 0) {
        const before = onHand;
        if (
          state === 'out' &&
          before - stillToTake > 0 &&
          (named !== undefined || random.chance(0.6))
        ) {
          // Sold out: the last movement takes what is left.
          kind = 'shipment';
          quantity = -(before - stillToTake);
        } else if (state !== 'out' && before + quantity < 1) {
          kind = 'receipt';
          quantity = amount(size / 2, size * 1.5);
        }
      }
      if (
        NOTES[kind] !== undefined &&
        (kind === 'damage' || kind === 'loss' || random.chance(0.3))
      ) {
        note = random.pick(NOTES[kind] ?? []);
      }
      if (kind === 'transfer') {
        const other = otherWarehouse(random, profile.warehouses, warehouse);
        if (other !== undefined) note = `${quantity < 0 ? 'To' : 'From'} ${other}`;
      }
    }
    onHand += quantity;
    if (kind === 'damage') damaged -= quantity;
    sink.movement({
      id: random.uuidV7(idTime, i + 1),
      itemId,
      kind,
      quantity,
      reference: reference(random, kind, planned.at),
      note,
      occurredAt: planned.at,
      recordedAt: Math.min(now, wholeSecond(planned.at + random.int(60_000, 2 * 3_600_000))),
    });
  }
  // The movements named claims are filed from, besides the history and from their own randomness
  // (the history, its ids and every claim filed from it stay as they were): a loss or damage comes
  // with the receipt of its units an hour before it, so no running count goes below 0.
  const extra = new Random(hashSeed(`${options.seed}/${options.partnerKey}/${index}/claimed`));
  (named?.claimed ?? []).forEach(({ kind, quantity, hoursAgo }, k) => {
    const at = wholeSecond(now - hoursAgo * 3_600_000);
    const moves: Array<[MovementKind, number, number]> =
      kind === 'receipt'
        ? [[kind, quantity, at]]
        : [
            ['receipt', quantity, at - 3_600_000],
            [kind, -quantity, at],
          ];
    moves.forEach(([moveKind, moved, occurredAt], j) => {
      onHand += moved;
      if (moveKind === 'damage') damaged -= moved;
      sink.movement({
        id: extra.uuidV7(idTime, CLAIMED_MOVEMENT_COUNTER + 2 * k + j),
        itemId,
        kind: moveKind,
        quantity: moved,
        reference: reference(extra, moveKind, occurredAt),
        note: null,
        occurredAt,
        recordedAt: Math.min(now, wholeSecond(occurredAt + extra.int(60_000, 2 * 3_600_000))),
      });
    });
  });
  if (state !== 'out' && onHand < 1)
    throw new Error(`generator: item ${index} has nothing on hand`);

  // Stock state from the quantities that come from outside: reserved (open orders), the reorder point.
  let reserved: number;
  let reorderPoint = discontinued
    ? 0
    : Math.max(1, Math.round(category.reorderPoint * (0.5 + random.float())));
  if (state === 'out') {
    reserved = onHand + random.int(0, 3);
  } else if (state === 'low') {
    if (reorderPoint < 1) reorderPoint = 1;
    const available = Math.min(onHand, random.int(1, reorderPoint));
    reserved = onHand - available;
  } else if (onHand > reorderPoint) {
    reserved = random.int(0, Math.floor((onHand - reorderPoint - 1) * 0.3));
  } else {
    reorderPoint = random.int(0, onHand - 1);
    reserved = 0;
  }
  const inbound =
    !discontinued && random.chance(state === 'in' ? 0.25 : 0.6) ? amount(size / 2, size * 1.5) : 0;

  sink.item({
    id: itemId,
    sku: named?.sku ?? profile.sku(category, serial),
    name,
    category: category.name,
    barcode,
    warehouse,
    unitValue,
    onHand,
    reserved,
    inbound,
    damaged,
    reorderPoint,
    status: discontinued ? 'discontinued' : 'active',
    createdAt,
    updatedAt: (plan[last] as PlannedMovement).at,
  });
}

/** Writes the items `from` (inclusive) to `to` (exclusive) of a partner, with their movements. */
export function generateInto(
  options: InventoryGeneratorOptions,
  from: number,
  to: number,
  sink: InventorySink,
): void {
  for (let index = from; index < to; index += 1) generateItem(options, index, sink);
}

/** The items `from` (inclusive) to `to` (exclusive) of a partner, with their movements, by column. */
export function generateInventory(
  options: InventoryGeneratorOptions,
  from: number,
  to: number,
): InventoryBatch {
  const batch: InventoryBatch = { items: emptyItems(), movements: emptyMovements() };
  generateInto(options, from, to, {
    item: (row) => {
      for (const key of Object.keys(batch.items) as Array<keyof ItemRow>) {
        (batch.items[key] as unknown[]).push(row[key]);
      }
    },
    movement: (row) => {
      for (const key of Object.keys(batch.movements) as Array<keyof MovementRow>) {
        (batch.movements[key] as unknown[]).push(row[key]);
      }
    },
  });
  return batch;
}

/** The partner's items in batches of `batchSize`, generated as they are asked for. */
export function* inventoryBatches(
  options: InventoryGeneratorOptions,
  itemCount: number,
  batchSize: number,
  firstIndex = 0,
): Generator<InventoryBatch> {
  for (let from = firstIndex; from < firstIndex + itemCount; from += batchSize) {
    yield generateInventory(options, from, Math.min(from + batchSize, firstIndex + itemCount));
  }
}

/** Runs one statement with positional parameters (TypeORM's `manager.query`, pg's `client.query`). */
export type Query = (sql: string, parameters: unknown[]) => Promise<unknown>;

/**
 * Writes a batch with two multi-row statements (`INSERT … SELECT FROM unnest(arrays)`): one round trip
 * per table whatever the batch's size, and SQL that PGlite and PostgreSQL both run.
 */
export async function insertInventoryBatch(
  query: Query,
  partnerId: string,
  batch: InventoryBatch,
): Promise<void> {
  const { items, movements } = batch;
  if (items.id.length === 0) return;
  await query(
    `INSERT INTO inventory_items (partner_id, id, sku, name, category, barcode, warehouse, unit_value, on_hand,
       reserved, inbound, damaged, reorder_point, status, created_at, updated_at)
     SELECT $1::uuid, * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[],
       $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::text[], $15::timestamptz[],
       $16::timestamptz[])`,
    [
      partnerId,
      items.id,
      items.sku,
      items.name,
      items.category,
      items.barcode,
      items.warehouse,
      items.unitValue,
      items.onHand,
      items.reserved,
      items.inbound,
      items.damaged,
      items.reorderPoint,
      items.status,
      items.createdAt.map(isoSecond),
      items.updatedAt.map(isoSecond),
    ],
  );
  await query(
    `INSERT INTO inventory_movements (partner_id, id, item_id, kind, quantity, reference, note, occurred_at,
       recorded_at)
     SELECT $1::uuid, * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[],
       $8::timestamptz[], $9::timestamptz[])`,
    [
      partnerId,
      movements.id,
      movements.itemId,
      movements.kind,
      movements.quantity,
      movements.reference,
      movements.note,
      movements.occurredAt.map(isoSecond),
      movements.recordedAt.map(isoSecond),
    ],
  );
}

/** The columns of `COPY inventory_items (…) FROM STDIN`, in the order `copyText` writes them. */
export const ITEM_COPY_COLUMNS =
  'partner_id, id, sku, name, category, barcode, warehouse, unit_value, on_hand, reserved, inbound, damaged, reorder_point, status, created_at, updated_at';
export const MOVEMENT_COPY_COLUMNS =
  'partner_id, id, item_id, kind, quantity, reference, note, occurred_at, recorded_at';

/** A text value in COPY's text format: `\N` for null, backslash, tab and line breaks escaped. */
export function copyValue(value: string | null): string {
  if (value === null) return '\\N';
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\',
      )
    : value;
}

/** Bytes appended to a buffer that doubles when full. */
export class GrowingBytes {
  private buffer = Buffer.allocUnsafeSlow(1 << 20);
  private length = 0;

  write(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (this.length + text.length * 3 > this.buffer.length) {
      const larger = Buffer.allocUnsafeSlow(
        Math.max(this.buffer.length * 2, this.length + text.length * 3),
      );
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.length += this.buffer.write(text, this.length);
  }

  /** The bytes written, on an ArrayBuffer of their own (transferable to another thread). */
  bytes(): Uint8Array {
    return new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, this.length);
  }
}

/**
 * Rows as the bodies of `COPY inventory_items (ITEM_COPY_COLUMNS) FROM STDIN` and
 * `COPY inventory_movements (MOVEMENT_COPY_COLUMNS) FROM STDIN` (text format), written as they come:
 * nothing of a batch is kept but its bytes.
 */
export class CopyTextSink implements InventorySink {
  readonly items = new GrowingBytes();
  readonly movements = new GrowingBytes();
  itemCount = 0;
  movementCount = 0;

  constructor(private readonly partnerId: string) {}

  item(row: ItemRow): void {
    this.itemCount += 1;
    this.items.write(
      `${this.partnerId}\t${row.id}\t${copyValue(row.sku)}\t${copyValue(row.name)}\t${copyValue(row.category)}\t` +
        `${copyValue(row.barcode)}\t${copyValue(row.warehouse)}\t${row.unitValue}\t${row.onHand}\t${row.reserved}\t` +
        `${row.inbound}\t${row.damaged}\t${row.reorderPoint}\t${row.status}\t${isoSecond(row.createdAt)}\t` +
        `${isoSecond(row.updatedAt)}\n`,
    );
  }

  movement(row: MovementRow): void {
    this.movementCount += 1;
    this.movements.write(
      `${this.partnerId}\t${row.id}\t${row.itemId}\t${row.kind}\t${row.quantity}\t${copyValue(row.reference)}\t` +
        `${copyValue(row.note)}\t${isoSecond(row.occurredAt)}\t${isoSecond(row.recordedAt)}\n`,
    );
  }
}
