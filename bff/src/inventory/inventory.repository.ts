import { Injectable } from '@nestjs/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import {
  countTotal,
  DeclaredListQuery,
  estimateTotal,
  type KeyedRow,
  type KeysetFetched,
  type KeysetRequest,
  keysetFetch,
  keysetFetchCounted,
  keysetPage,
  keysetRows,
  type ListCondition,
  fromClause,
  type ListFrom,
  type ListCursorCodec,
  type ListQuery,
  type Page,
  resolveSort,
  type RowKey,
  type CountPolicy,
} from '#src/common/list/index.js';
import type { ClaimStatus } from '#src/claims/claim-lifecycle.js';
import { movementDaySql } from '#src/common/partner-day.js';
import { MAX_EXPORT_ROWS } from '#src/common/export.js';
import { itemSearchText, likeSubstring } from '#src/common/search-text.js';
import { Database } from '#src/database/database.js';
import { raw, sql, type Sql } from '#src/database/sql.js';
import { fields, read, type Row, selection, table, type ValueReader } from '#src/database/table.js';
import type { Facet } from './inventory-facet-count.entity.js';
import { InventoryItem, type ItemStatus } from './inventory-item.entity.js';
import { InventoryMovement, type MovementKind } from './inventory-movement.entity.js';
import {
  INVENTORY_ITEM_LIST,
  INVENTORY_ITEM_UNINDEXED_ORDER,
  INVENTORY_MOVEMENT_LIST,
  type StockState,
} from './inventory.lists.js';

/** The inventory's tables (docs/decisions.md, Data layer). */
export const INVENTORY_ITEMS = table(InventoryItem);
export const INVENTORY_MOVEMENTS = table(InventoryMovement);

/**
 * An item as the API shows it: every column but the partner's id, times as the API's ISO text (no
 * `Date` parsed per value and formatted back), under the list's alias `i`.
 */
const ITEM = INVENTORY_ITEMS.select('i', { except: ['partnerId'] }, { times: 'iso' });

/** The same columns of the row an UPDATE … RETURNING gives back (the table's own name). */
const UPDATED_ITEM = INVENTORY_ITEMS.select(
  'inventory_items',
  { except: ['partnerId'] },
  { times: 'iso' },
);

/** An item as the API shows it (`ITEM`): the list's rows, the one item's. */
export type ItemRecord = ReturnType<typeof ITEM.read>;

/** The id alone: what a window's far end reads (`InventoryRepository.window`). */
const ITEM_ID = INVENTORY_ITEMS.select('i', ['id']);

/** What an export writes of an item (docs/api.md, Inventory CSV). */
const EXPORTED_ITEM = INVENTORY_ITEMS.select(
  'i',
  [
    'sku',
    'name',
    'category',
    'barcode',
    'warehouse',
    'status',
    'onHand',
    'reserved',
    'inbound',
    'damaged',
    'reorderPoint',
    'unitValue',
    'updatedAt',
  ],
  { times: 'iso' },
);
export type ExportedItem = ReturnType<typeof EXPORTED_ITEM.read>;

/** A movement's columns as the API shows them (docs/api.md, InventoryMovement), times as ISO text. */
const MOVEMENT_COLUMNS = [
  'id',
  'kind',
  'quantity',
  'reference',
  'note',
  'occurredAt',
  'recordedAt',
] as const;

/** A movement of an item's history (alias `mv`) and the claim that stands for it (alias `cl`). */
const LISTED_MOVEMENT = selection(
  INVENTORY_MOVEMENTS.select('mv', MOVEMENT_COLUMNS, { times: 'iso' }),
  fields({
    /** `YYYY-MM-DD`: its day in the partner's time zone (`movementDaySql`). */
    day: [movementDaySql('mv'), read.text],
    claimId: ['cl.id', read.nullable(read.text)],
    claimNumber: ['cl.number', read.nullable(read.integer)],
    claimStatus: ['cl.status', read.nullable(read.text) as ValueReader<ClaimStatus | null>],
  }),
);

/** A movement just inserted (INSERT … RETURNING: the table's own name) and its day. */
const INSERTED_MOVEMENT = selection(
  INVENTORY_MOVEMENTS.select('inventory_movements', MOVEMENT_COLUMNS, { times: 'iso' }),
  fields({ day: [movementDaySql('inventory_movements'), read.text] }),
);

/** A movement as the API shows it. */
export type MovementRecord = Omit<ReturnType<typeof INSERTED_MOVEMENT.read>, 'day'>;

/**
 * The item's movements `mv` with the claim `cl` that stands for each (`claims_movement_id_key`: at
 * most one that is not withdrawn, so the join keeps one row per movement).
 */
const MOVEMENT_CLAIM_JOIN = `cl.partner_id = mv.partner_id AND cl.movement_id = mv.id AND cl.status <> 'withdrawn'`;
/** The item list's table (`DeclaredListQuery`'s `from`). */
const ITEM_TABLES: ListFrom = { table: 'inventory_items', alias: 'i' };
/** A movement and the claim that stands for it, if any: the movement history's tables. */
const MOVEMENT_TABLES: ListFrom = {
  table: 'inventory_movements',
  alias: 'mv',
  joins: [{ join: 'left', table: 'claims', alias: 'cl', on: MOVEMENT_CLAIM_JOIN }],
};
const MOVEMENTS_WITH_CLAIMS = sql`${raw(fromClause(MOVEMENT_TABLES))}`;

/** What narrows the inventory list (docs/api.md: `?q&status&category&warehouse&stock`). */
export interface ItemFilters {
  /** Trimmed, non-empty: a substring of the SKU, the name or the barcode. */
  q?: string;
  status?: ItemStatus;
  category?: string;
  warehouse?: string;
  stock?: StockState;
}

/** A movement to record: quantity signed to fit the kind (checked before it gets here). */
export interface NewMovement {
  kind: MovementKind;
  quantity: number;
  reference: string | null;
  note: string | null;
  occurredAt: Date;
  recordedAt: Date;
  recordedByUserId: string | null;
  /** The API key that recorded it (a network key), when no person did. */
  recordedByKeyId: string | null;
}

/** What recording a movement did: both rows, or why nothing was written. */
export type RecordOutcome =
  | { recorded: true; movement: MovementRecord; day: string; item: ItemRecord }
  | { recorded: false; reason: 'not_found' | 'insufficient_stock' | 'out_of_range' };

/** What runs in a movement's transaction once it is recorded (its webhook events). */
export type RecordedHook = (
  outcome: Extract<RecordOutcome, { recorded: true }>,
  manager: EntityManager,
) => Promise<void>;

/** PostgreSQL's `numeric_value_out_of_range`: a quantity would pass the integer columns' range. */
const OUT_OF_RANGE = '22003';

export interface FacetCount {
  facet: Facet;
  value: string;
  count: number;
}

/**
 * The list's total from the facet counts (fixed statements, one per shape): every item of the partner
 * (the category counts' sum), or those of one category or one warehouse.
 */
const FACET_TOTAL = sql`SELECT coalesce(sum(item_count), 0)::integer AS total FROM inventory_facet_counts`;

/** `available` as the list's index spells it (inventory.lists.ts). */
const AVAILABLE = '(i.on_hand - i.reserved)';

const SEARCH_TEXT = itemSearchText('i');
/**
 * The same text spelled so that no index matches it (`|| ''`): the condition of a search read along
 * the list's own index (a window of the list's order), where PostgreSQL would otherwise AND the
 * window's range with a read of every match in the trigram index (a common term's thousands) and
 * then read them all again when the window held less than the page (docs/performance.md, "The
 * search that read the trigram index twice").
 */
const WALKED_SEARCH_TEXT = `((i.sku || ' ' || i.name || ' ' || coalesce(i.barcode, '') || '') COLLATE "default")`;

const STOCK_CONDITION: Readonly<Record<StockState, string>> = {
  out: `${AVAILABLE} <= 0`,
  low: `${AVAILABLE} > 0 AND ${AVAILABLE} <= i.reorder_point`,
  // reorder_point >= 0 (checked), so above it is above 0 too.
  in: `${AVAILABLE} > i.reorder_point`,
};

/**
 * `total` of a list when no exact counter answers it: counted while the planner expects at most 10,000
 * rows read at a cost of at most 2,000 (a few milliseconds: about a page), otherwise the planner's
 * estimate (`totalExact: false`). A filter without an index of its own walks every item of the
 * partner to be counted, so it is estimated (docs/performance.md, "Inventory at a million items").
 */
export const INVENTORY_TOTAL = { estimateAbove: 10_000, maxCountCost: 2_000 } satisfies CountPolicy;

/**
 * How many rows of the list's order a search page walks before it asks the trigram index instead (and
 * the rows a filtered export reads at a time). A search that matches often fills its page within a few
 * rows of the order; one that matches rarely would walk the whole list, and reads its few matches
 * through the index instead.
 */
export const LIST_WINDOW = 4_000;

/**
 * A search's window holds enough rows of the list's order that the planner's estimate expects this
 * many pages of matches in it, and at most WINDOW_MAX_FACTOR × LIST_WINDOW rows: a term rarer than
 * that is read through the trigram index at once, not walked first and read there after all.
 */
const WINDOW_MARGIN = 3;
const WINDOW_MAX_FACTOR = 8;

/** pg_trgm finds a substring through its index from three characters on. */
const TRIGRAM = 3;

/**
 * The list's filters as declared conditions (`InventoryRepository.filtered`): each condition's SQL is
 * constant, its values parameters. `search`: see `WALKED_SEARCH_TEXT`.
 */
function itemConditions(
  partnerId: string,
  filters: ItemFilters,
  search: 'indexed' | 'walked',
): ListCondition[] {
  const conditions: ListCondition[] = [
    { sql: 'i.partner_id = :partnerId', parameters: { partnerId } },
  ];
  if (filters.q !== undefined) {
    conditions.push({
      sql: search === 'indexed' ? INDEXED_SEARCH_CONDITION : WALKED_SEARCH_CONDITION,
      parameters: { search: likeSubstring(filters.q) },
    });
  }
  if (filters.status !== undefined) {
    conditions.push({ sql: 'i.status = :status', parameters: { status: filters.status } });
  }
  if (filters.category !== undefined) {
    conditions.push({ sql: 'i.category = :category', parameters: { category: filters.category } });
  }
  if (filters.warehouse !== undefined) {
    conditions.push({
      sql: 'i.warehouse = :warehouse',
      parameters: { warehouse: filters.warehouse },
    });
  }
  if (filters.stock !== undefined) conditions.push({ sql: STOCK_CONDITION[filters.stock] });
  return conditions;
}

const INDEXED_SEARCH_CONDITION = `${SEARCH_TEXT} ILIKE :search`;
const WALKED_SEARCH_CONDITION = `${WALKED_SEARCH_TEXT} ILIKE :search`;

/** The window's bound, per sort column and direction (`InventoryRepository.window`). */
function windowCondition(column: string, descendingInSql: boolean): string {
  return `(${column}, i.id) ${descendingInSql ? '>=' : '<='} (:windowKey, :windowId)`;
}

/** What a movement of `kind` and `quantity` sets on its item besides on hand (docs/product.md §4). */
function movementSet(kind: MovementKind, quantity: number): Sql {
  switch (kind) {
    case 'receipt':
      return sql`, inbound = greatest(inbound - ${quantity}, 0)`;
    case 'shipment':
      return sql`, reserved = greatest(reserved + ${quantity}, 0)`;
    case 'damage':
      return sql`, damaged = damaged - ${quantity}`;
    default:
      return NOTHING;
  }
}

const NOTHING = sql``;

const readTotal = (row: Row): number => read.integer(row.total, 'total');

const readExists = (row: Row): boolean => read.boolean(row.exists, 'exists');

/** A movement of the history and its claim, from `LISTED_MOVEMENT`'s row. */
function readListedMovement(row: Row): ListedMovement {
  const { day, claimId, claimNumber, claimStatus, ...movement } = LISTED_MOVEMENT.read(row);
  return {
    movement,
    day,
    claim:
      claimId === null || claimNumber === null || claimStatus === null
        ? null
        : { id: claimId, number: claimNumber, status: claimStatus },
  };
}

const FACET_COUNT = fields({
  facet: ['f.facet', read.text as ValueReader<Facet>],
  value: ['f.value', read.text],
  count: ['f.item_count', read.integer],
});

/**
 * Every statement on `inventory_items`, `inventory_movements` and `inventory_facet_counts`. Tenant
 * data: every method takes the partner id first, and every statement is scoped by it (the integration
 * suite fails on one that is not). The rows come as typed records (`ItemRecord`, `MovementRecord`).
 */
/** An item whose stock moved, with its available quantity now and before (`stockMovedSince`). */
const STOCK_MOVE = fields({
  id: ['i.id', read.text],
  sku: ['i.sku', read.text],
  name: ['i.name', read.text],
  available: [AVAILABLE, read.integer],
  availableBefore: [`${AVAILABLE} - moved.net`, read.integer],
  reorderPoint: ['i.reorder_point', read.integer],
});
export type StockMove = ReturnType<typeof STOCK_MOVE.read>;

@Injectable()
export class InventoryRepository {
  /** LIST_WINDOW; the integration tests shrink it, so that small data takes both ways of a search. */
  listWindow = LIST_WINDOW;

  constructor(private readonly db: Database) {}

  /**
   * The active items that movements recorded after `since` changed, each with its available quantity
   * now and as it was at `since` (now minus the net of those movements; reserved as it is now), and
   * its reorder point: whose stock state the daily digest compares (docs/product.md, Notification
   * preferences). One range of `inventory_movements_recent_idx`.
   */
  stockMovedSince(partnerId: string, since: Date): Promise<StockMove[]> {
    return this.db.rows(
      sql`SELECT ${STOCK_MOVE.list}
            FROM (SELECT mv.item_id, sum(mv.quantity)::integer AS net
                    FROM inventory_movements mv
                   WHERE mv.partner_id = ${partnerId} AND mv.recorded_at > ${since}
                   GROUP BY mv.item_id) AS moved
            JOIN inventory_items i ON i.partner_id = ${partnerId} AND i.id = moved.item_id
           WHERE i.status = 'active'
           ORDER BY i.sku`,
      STOCK_MOVE.read,
    );
  }

  /**
   * The partner's items that pass the filters, unordered: the rows of the list (`ITEM`) or of its CSV
   * (`EXPORTED_ITEM`), declared (SQL built once per shape, see DeclaredListQuery). `search`: the
   * search's text as the trigram index spells it (`indexed`), or so that no index matches it
   * (`walked`, WALKED_SEARCH_TEXT).
   */
  filtered(
    partnerId: string,
    filters: ItemFilters,
    search: 'indexed' | 'walked' = 'indexed',
    columns: 'list' | 'export' = 'list',
  ): DeclaredListQuery<InventoryItem> {
    return new DeclaredListQuery({
      statement: `inventory:${columns}`,
      dataSource: this.db.dataSource,
      select: columns === 'list' ? ITEM : EXPORTED_ITEM,
      from: ITEM_TABLES,
      conditions: itemConditions(partnerId, filters, search),
    });
  }

  /** Every item of the partner, its id alone: the list's order, to find a window's far end. */
  private ids(partnerId: string): DeclaredListQuery<InventoryItem> {
    return new DeclaredListQuery({
      statement: 'inventory:ids',
      dataSource: this.db.dataSource,
      select: ITEM_ID,
      from: ITEM_TABLES,
      conditions: [{ sql: 'i.partner_id = :partnerId', parameters: { partnerId } }],
    });
  }

  /**
   * One page of the list (keyset, see INVENTORY_ITEM_LIST); cursors bound to the partner. `total` is
   * exact from the facet counts when the list is filtered by at most a category or a warehouse.
   */
  page(
    partnerId: string,
    filters: ItemFilters,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ItemRecord>> {
    const filtered = this.filtered(partnerId, filters);
    const search = filters.q !== undefined && [...filters.q].length >= TRIGRAM;
    return keysetPage(filtered, {
      list: INVENTORY_ITEM_LIST,
      query,
      codec,
      boundTo: partnerId,
      total: { exactly: () => this.countedTotal(partnerId, filters), otherwise: INVENTORY_TOTAL },
      read: ITEM.read,
      ...(search
        ? { fetch: (request) => this.searchRows(partnerId, filters, filtered, request) }
        : {}),
    });
  }

  /**
   * A page of a search, with its total. The planner's estimate of the matches decides the plan. A rare
   * term (no more matches than one window holds rows, and few enough to count): its page is read
   * through the trigram index and sorted, and counted in the same statement (`count(*) OVER ()`), so
   * the matches are read once, not once for the count and again for the page. Otherwise first within
   * the next `listWindow` rows of the list's order (an index range of the partner's rows, bounded
   * however often the search matches); when that holds less than the page, through the trigram index
   * after all. Either way the same rows as the plain keyset query.
   */
  private async searchRows(
    partnerId: string,
    filters: ItemFilters,
    filtered: DeclaredListQuery<InventoryItem>,
    request: KeysetRequest,
  ): Promise<KeysetFetched<ItemRecord>> {
    const estimate = await estimateTotal(filtered, INVENTORY_TOTAL);
    if (estimate.counted && estimate.total <= this.listWindow) {
      return keysetFetchCounted(filtered, INVENTORY_ITEM_UNINDEXED_ORDER, request, ITEM.read);
    }
    const walked = this.filtered(partnerId, filters, 'walked');
    const [rows, total] = await Promise.all([
      this.windowRows(partnerId, request.count, estimate.total).then((windowRows) =>
        windowRows === undefined
          ? keysetFetch(filtered, INVENTORY_ITEM_UNINDEXED_ORDER, request, ITEM.read)
          : this.windowedPage(partnerId, walked, filtered, request, windowRows),
      ),
      estimate.counted
        ? countTotal(filtered, 'exact').then((counted) => counted.total)
        : estimate.total,
    ]);
    return { rows, total: { total, totalExact: estimate.counted } };
  }

  /**
   * How many rows of the list's order the search's window walks: enough for WINDOW_MARGIN pages of
   * the matches the planner expects among the partner's items (the facet counts' total), at least
   * `listWindow`; undefined when that would be more than WINDOW_MAX_FACTOR windows (read through the
   * trigram index instead).
   */
  private async windowRows(
    partnerId: string,
    count: number,
    estimated: number,
  ): Promise<number | undefined> {
    const items = (await this.countedTotal(partnerId, {})) ?? 0;
    const rows = Math.ceil((WINDOW_MARGIN * count * items) / Math.max(1, estimated));
    if (rows > WINDOW_MAX_FACTOR * this.listWindow) return undefined;
    return Math.max(this.listWindow, rows);
  }

  /**
   * The page within the next window of the list's order, its search walked (`walked`: no trigram
   * read); when the window holds less than the page, through the trigram index (`filtered`).
   */
  private async windowedPage(
    partnerId: string,
    walked: DeclaredListQuery<InventoryItem>,
    filtered: DeclaredListQuery<InventoryItem>,
    request: KeysetRequest,
    windowRows: number,
  ): Promise<Array<KeyedRow<ItemRecord>>> {
    const window = await this.window(partnerId, walked, request, windowRows);
    if (window.end === undefined) {
      return keysetFetch(walked, INVENTORY_ITEM_LIST, request, ITEM.read);
    }
    const rows = await keysetFetch(window.rows, INVENTORY_ITEM_LIST, request, ITEM.read);
    if (rows.length >= request.count) return rows;
    return keysetFetch(filtered, INVENTORY_ITEM_UNINDEXED_ORDER, request, ITEM.read);
  }

  /**
   * The next `windowRows` (`listWindow` unless told) rows of the partner in the list's order after
   * the request's boundary: the last of them (`end`, undefined when fewer remain), and `filtered`
   * limited to them, an index range however rarely or often its filters match.
   */
  private async window(
    partnerId: string,
    filtered: DeclaredListQuery<InventoryItem>,
    request: KeysetRequest,
    windowRows: number = this.listWindow,
  ): Promise<{ end: RowKey | undefined; rows: DeclaredListQuery<InventoryItem> }> {
    const [end] = await keysetFetch(
      this.ids(partnerId),
      INVENTORY_ITEM_LIST,
      { ...request, count: 1, offset: windowRows - 1 },
      ITEM_ID.read,
    );
    if (end === undefined) return { end: undefined, rows: filtered };
    const column = resolveSort(INVENTORY_ITEM_LIST, request.sort.value).column;
    const descendingInSql = request.sort.descending !== request.backwards;
    const rows = filtered.and({
      sql: windowCondition(column, descendingInSql),
      parameters: { windowKey: end.key.sortKey, windowId: end.key.id },
    });
    return { end: end.key, rows };
  }

  /**
   * The exact number of items when the facet counts hold it: all of the partner's items, or those of
   * one category or one warehouse (one primary-key read); undefined for any other filter.
   */
  private async countedTotal(partnerId: string, filters: ItemFilters): Promise<number | undefined> {
    const { q, status, stock, category, warehouse } = filters;
    if (q !== undefined || status !== undefined || stock !== undefined) return undefined;
    if (category !== undefined && warehouse !== undefined) return undefined;
    const value = category ?? warehouse;
    const facet: Facet = warehouse === undefined ? 'category' : 'warehouse';
    return this.db.one(
      value === undefined
        ? sql`${FACET_TOTAL} WHERE partner_id = ${partnerId} AND facet = ${facet}`
        : sql`${FACET_TOTAL} WHERE partner_id = ${partnerId} AND facet = ${facet} AND value = ${value}`,
      readTotal,
    );
  }

  /**
   * Every row of the list in its order, at most MAX_EXPORT_ROWS. Unfiltered: keyset batches. Filtered:
   * window after window of the partner's rows in the list's order, each read whole, so the export
   * reads every row once however rarely or often the filters match (a plan that sorted every match
   * for each batch would read them once per batch).
   */
  async *rows(
    partnerId: string,
    filters: ItemFilters,
    sort: string | undefined,
  ): AsyncGenerator<ExportedItem> {
    // The export's columns only (EXPORTED_ITEM).
    const filtered = this.filtered(partnerId, filters, 'indexed', 'export');
    const unfiltered = Object.values(filters).every((value) => value === undefined);
    const source = unfiltered
      ? keysetRows(filtered, INVENTORY_ITEM_LIST, sort, 500, EXPORTED_ITEM.read)
      : this.windowedRows(partnerId, filtered, sort);
    let count = 0;
    for await (const item of source) {
      yield item;
      count += 1;
      if (count >= MAX_EXPORT_ROWS) return;
    }
  }

  private async *windowedRows(
    partnerId: string,
    filtered: DeclaredListQuery<InventoryItem>,
    sortValue: string | undefined,
  ): AsyncGenerator<ExportedItem> {
    const sort = resolveSort(INVENTORY_ITEM_LIST, sortValue);
    let boundary: RowKey | undefined;
    for (;;) {
      const request = { sort, boundary, backwards: false, count: this.listWindow };
      const window = await this.window(partnerId, filtered, request);
      for (const row of await keysetFetch(
        window.rows,
        INVENTORY_ITEM_LIST,
        request,
        EXPORTED_ITEM.read,
      )) {
        yield row.entity;
      }
      // Every match up to the window's end is out; the last window ran to the end of the list.
      if (window.end === undefined) return;
      boundary = window.end;
    }
  }

  find(
    partnerId: string,
    itemId: string,
    manager?: EntityManager,
  ): Promise<ItemRecord | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ITEM.list} FROM inventory_items i WHERE i.partner_id = ${partnerId} AND i.id = ${itemId}`,
      ITEM.read,
      manager,
    );
  }

  exists(partnerId: string, itemId: string, manager?: EntityManager): Promise<boolean> {
    return this.db.one(
      sql`SELECT EXISTS (SELECT 1 FROM inventory_items i
            WHERE i.partner_id = ${partnerId} AND i.id = ${itemId}) AS "exists"`,
      readExists,
      manager,
    );
  }

  /** Sets the reorder point; the item as it is now, or undefined when the partner has no such item. */
  setReorderPoint(
    partnerId: string,
    itemId: string,
    reorderPoint: number,
    at: Date,
  ): Promise<ItemRecord | undefined> {
    return this.db.maybeOne(
      sql`UPDATE inventory_items SET reorder_point = ${reorderPoint}, updated_at = ${at}
           WHERE partner_id = ${partnerId} AND id = ${itemId}
           RETURNING ${UPDATED_ITEM.list}`,
      UPDATED_ITEM.read,
    );
  }

  /**
   * Records a movement (docs/product.md §4): in one transaction, ONE guarded update of the item (on
   * hand by the quantity; a receipt also lowers inbound, a shipment reserved, neither below 0; a damage
   * raises damaged by the units it takes), then the movement row. The update takes the item's row
   * lock, so concurrent movements of one item queue and each sees the one before: all count, and the
   * guard `on_hand + quantity >= 0` holds against the latest on hand. No row updated: nothing written.
   * A quantity that would take on hand or damaged past the integer range (2,147,483,647) fails the
   * statement: `out_of_range`, nothing written.
   */
  async recordMovement(
    partnerId: string,
    itemId: string,
    movement: NewMovement,
    recorded?: RecordedHook,
  ): Promise<RecordOutcome> {
    try {
      return await this.recordInTransaction(partnerId, itemId, movement, recorded);
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: unknown } | undefined)?.code === OUT_OF_RANGE
      ) {
        return { recorded: false, reason: 'out_of_range' };
      }
      throw error;
    }
  }

  private recordInTransaction(
    partnerId: string,
    itemId: string,
    movement: NewMovement,
    recorded?: RecordedHook,
  ): Promise<RecordOutcome> {
    return this.db.transaction(async (manager) => {
      const { quantity } = movement;
      const item = await this.db.maybeOne(
        sql`UPDATE inventory_items
               SET on_hand = on_hand + ${quantity}${movementSet(movement.kind, quantity)},
                   updated_at = ${movement.recordedAt}
             WHERE partner_id = ${partnerId} AND id = ${itemId} AND on_hand + ${quantity} >= 0
             RETURNING ${UPDATED_ITEM.list}`,
        UPDATED_ITEM.read,
        manager,
      );
      if (item === undefined) {
        const exists = await this.exists(partnerId, itemId, manager);
        return { recorded: false, reason: exists ? 'insufficient_stock' : 'not_found' };
      }
      const { day, ...inserted } = await this.db.one(
        sql`INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, reference, note,
              occurred_at, recorded_at, recorded_by_user_id, recorded_by_key_id)
            VALUES (${partnerId}, ${itemId}, ${movement.kind}, ${quantity}, ${movement.reference},
              ${movement.note}, ${movement.occurredAt}, ${movement.recordedAt},
              ${movement.recordedByUserId}, ${movement.recordedByKeyId})
            RETURNING ${INSERTED_MOVEMENT.list}`,
        INSERTED_MOVEMENT.read,
        manager,
      );
      const outcome = { recorded: true, item, movement: inserted, day } as const;
      await recorded?.(outcome, manager);
      return outcome;
    });
  }

  /** The item's movements with their claims (`LISTED_MOVEMENT`), declared. */
  private movementsWithClaims(
    partnerId: string,
    itemId: string,
  ): DeclaredListQuery<InventoryMovement> {
    return new DeclaredListQuery({
      statement: 'inventory:movements',
      dataSource: this.db.dataSource,
      select: LISTED_MOVEMENT,
      from: MOVEMENT_TABLES,
      conditions: [
        {
          sql: 'mv.partner_id = :partnerId AND mv.item_id = :itemId',
          parameters: { partnerId, itemId },
        },
      ],
    });
  }

  /** One page of the item's movements, newest first by default; cursors bound to partner and item. */
  movementPage(
    partnerId: string,
    itemId: string,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ListedMovement>> {
    return keysetPage(this.movementsWithClaims(partnerId, itemId), {
      list: INVENTORY_MOVEMENT_LIST,
      query,
      codec,
      boundTo: `${partnerId}:${itemId}`,
      total: INVENTORY_TOTAL,
      read: readListedMovement,
    });
  }

  /** One movement of the item, with its claim; undefined when the partner's item has no such one. */
  findMovement(
    partnerId: string,
    itemId: string,
    movementId: string,
  ): Promise<ListedMovement | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${LISTED_MOVEMENT.list} FROM ${MOVEMENTS_WITH_CLAIMS}
           WHERE mv.partner_id = ${partnerId} AND mv.item_id = ${itemId} AND mv.id = ${movementId}`,
      readListedMovement,
    );
  }

  /** The partner's categories and warehouses with their item counts (above 0), by value: one read. */
  facetCounts(partnerId: string): Promise<FacetCount[]> {
    return this.db.rows(
      sql`SELECT ${FACET_COUNT.list} FROM inventory_facet_counts f
           WHERE f.partner_id = ${partnerId} AND f.item_count > 0
           ORDER BY f.facet, f.value`,
      FACET_COUNT.read,
    );
  }
}

/** The claim that stands for a movement (docs/api.md, InventoryMovement `claim`). */
export interface MovementClaim {
  id: string;
  number: number;
  status: ClaimStatus;
}

/** A movement of an item's history with the claim filed from it, if any. */
export interface ListedMovement {
  movement: MovementRecord;
  /** `YYYY-MM-DD`: its day in the partner's time zone (`movementDaySql`). */
  day: string;
  claim: MovementClaim | null;
}
