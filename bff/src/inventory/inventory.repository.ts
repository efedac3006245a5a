import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError, type SelectQueryBuilder } from 'typeorm';
import {
  estimateTotal,
  type KeyedRow,
  type KeysetFetched,
  type KeysetRequest,
  keysetFetch,
  keysetFetchCounted,
  keysetPage,
  keysetRows,
  type ListCursorCodec,
  type ListQuery,
  type Page,
  resolveSort,
  type RowKey,
  type CountPolicy,
} from '../common/list/index.js';
import type { ClaimStatus } from '../claims/claim-lifecycle.js';
import { type Facet, InventoryFacetCount } from './inventory-facet-count.entity.js';
import { InventoryItem, type ItemStatus } from './inventory-item.entity.js';
import { InventoryMovement, type MovementKind } from './inventory-movement.entity.js';
import {
  INVENTORY_ITEM_LIST,
  INVENTORY_ITEM_UNINDEXED_ORDER,
  INVENTORY_MOVEMENT_LIST,
  type StockState,
} from './inventory.lists.js';
import { type Row, rowsOf, integer, text, nullableText } from '../common/raw-rows.js';
import { movementDaySql } from '../common/partner-day.js';
import { MAX_EXPORT_ROWS } from '../common/export.js';
import { itemSearchText, likeSubstring } from '../common/search-text.js';

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
}

/** What recording a movement did: both rows, or why nothing was written. */
export type RecordOutcome =
  | { recorded: true; movement: InventoryMovement; day: string; item: InventoryItem }
  | { recorded: false; reason: 'not_found' | 'insufficient_stock' | 'out_of_range' };

/** PostgreSQL's `numeric_value_out_of_range`: a quantity would pass the integer columns' range. */
const OUT_OF_RANGE = '22003';

export interface FacetCount {
  facet: Facet;
  value: string;
  count: number;
}

/**
 * The list's total from the facet counts (one fixed statement each, not built per request): every
 * item of the partner (the category counts' sum), or those of one category or one warehouse.
 */
const FACET_TOTAL = `SELECT coalesce(sum(item_count), 0)::integer AS total FROM inventory_facet_counts
  WHERE partner_id = $1 AND facet = $2`;
const FACET_VALUE_TOTAL = `${FACET_TOTAL} AND value = $3`;

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
 * Every statement on `inventory_items`, `inventory_movements` and `inventory_facet_counts`. Tenant
 * data: every method takes the partner id first, and every statement is scoped by it (the integration
 * suite fails on one that is not). The domain objects are the entities (camelCase).
 */
@Injectable()
export class InventoryRepository {
  /** LIST_WINDOW; the integration tests shrink it, so that small data takes both ways of a search. */
  listWindow = LIST_WINDOW;

  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  private items(partnerId: string, manager: EntityManager): SelectQueryBuilder<InventoryItem> {
    return manager
      .getRepository(InventoryItem)
      .createQueryBuilder('i')
      .where('i.partner_id = :partnerId', { partnerId });
  }

  /** The partner's items that pass the filters, unordered: the rows of the list and of its CSV. */
  filtered(
    partnerId: string,
    filters: ItemFilters,
    manager: EntityManager = this.manager,
    search: 'indexed' | 'walked' = 'indexed',
  ): SelectQueryBuilder<InventoryItem> {
    const query = this.items(partnerId, manager);
    if (filters.q !== undefined) {
      const text = search === 'indexed' ? SEARCH_TEXT : WALKED_SEARCH_TEXT;
      query.andWhere(`${text} ILIKE :search`, { search: likeSubstring(filters.q) });
    }
    if (filters.status !== undefined) {
      query.andWhere('i.status = :status', { status: filters.status });
    }
    if (filters.category !== undefined) {
      query.andWhere('i.category = :category', { category: filters.category });
    }
    if (filters.warehouse !== undefined) {
      query.andWhere('i.warehouse = :warehouse', { warehouse: filters.warehouse });
    }
    if (filters.stock !== undefined) query.andWhere(STOCK_CONDITION[filters.stock]);
    return query;
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
  ): Promise<Page<InventoryItem>> {
    const filtered = this.filtered(partnerId, filters);
    const search = filters.q !== undefined && [...filters.q].length >= TRIGRAM;
    return keysetPage(filtered, {
      list: INVENTORY_ITEM_LIST,
      query,
      codec,
      boundTo: partnerId,
      total: { exactly: () => this.countedTotal(partnerId, filters), otherwise: INVENTORY_TOTAL },
      read: readListedItem,
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
    filtered: SelectQueryBuilder<InventoryItem>,
    request: KeysetRequest,
  ): Promise<KeysetFetched<InventoryItem>> {
    const estimate = await estimateTotal(filtered, INVENTORY_TOTAL);
    if (estimate.counted && estimate.total <= this.listWindow) {
      return keysetFetchCounted(filtered, INVENTORY_ITEM_UNINDEXED_ORDER, request, readListedItem);
    }
    const walked = this.filtered(partnerId, filters, this.manager, 'walked');
    const [rows, total] = await Promise.all([
      this.windowRows(partnerId, request.count, estimate.total).then((windowRows) =>
        windowRows === undefined
          ? keysetFetch(filtered, INVENTORY_ITEM_UNINDEXED_ORDER, request, readListedItem)
          : this.windowedPage(partnerId, walked, filtered, request, windowRows),
      ),
      estimate.counted ? filtered.getCount() : estimate.total,
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
    walked: SelectQueryBuilder<InventoryItem>,
    filtered: SelectQueryBuilder<InventoryItem>,
    request: KeysetRequest,
    windowRows: number,
  ): Promise<Array<KeyedRow<InventoryItem>>> {
    const window = await this.window(partnerId, walked, request, windowRows);
    if (window.end === undefined) {
      return keysetFetch(walked, INVENTORY_ITEM_LIST, request, readListedItem);
    }
    const rows = await keysetFetch(window.rows, INVENTORY_ITEM_LIST, request, readListedItem);
    if (rows.length >= request.count) return rows;
    return keysetFetch(filtered, INVENTORY_ITEM_UNINDEXED_ORDER, request, readListedItem);
  }

  /**
   * The next `windowRows` (`listWindow` unless told) rows of the partner in the list's order after
   * the request's boundary: the last of them (`end`, undefined when fewer remain), and `filtered`
   * limited to them, an index range however rarely or often its filters match.
   */
  private async window(
    partnerId: string,
    filtered: SelectQueryBuilder<InventoryItem>,
    request: KeysetRequest,
    windowRows: number = this.listWindow,
  ): Promise<{ end: RowKey | undefined; rows: SelectQueryBuilder<InventoryItem> }> {
    const [end] = await keysetFetch(
      this.items(partnerId, this.manager).select('i.id'),
      INVENTORY_ITEM_LIST,
      { ...request, count: 1, offset: windowRows - 1 },
    );
    if (end === undefined) return { end: undefined, rows: filtered };
    const column = resolveSort(INVENTORY_ITEM_LIST, request.sort.value).column;
    const descendingInSql = request.sort.descending !== request.backwards;
    const rows = filtered
      .clone()
      .andWhere(`(${column}, i.id) ${descendingInSql ? '>=' : '<='} (:windowKey, :windowId)`, {
        windowKey: end.key.sortKey,
        windowId: end.key.id,
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
    const rows: unknown = await this.dataSource.query(
      value === undefined ? FACET_TOTAL : FACET_VALUE_TOTAL,
      value === undefined ? [partnerId, facet] : [partnerId, facet, value],
    );
    return integer(rowsOf(rows)[0] ?? { total: 0 }, 'total');
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
    // The export's columns only, read raw: no entity per row.
    const filtered = this.filtered(partnerId, filters).select(EXPORTED_COLUMNS);
    const unfiltered = Object.values(filters).every((value) => value === undefined);
    const source = unfiltered
      ? keysetRows(filtered, INVENTORY_ITEM_LIST, sort, 500, readExportedItem)
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
    filtered: SelectQueryBuilder<InventoryItem>,
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
        readExportedItem,
      )) {
        yield row.entity;
      }
      // Every match up to the window's end is out; the last window ran to the end of the list.
      if (window.end === undefined) return;
      boundary = window.end;
    }
  }

  async find(
    partnerId: string,
    itemId: string,
    manager: EntityManager = this.manager,
  ): Promise<InventoryItem | undefined> {
    const item = await this.items(partnerId, manager)
      .andWhere('i.id = :itemId', { itemId })
      .getOne();
    return item ?? undefined;
  }

  async exists(partnerId: string, itemId: string): Promise<boolean> {
    return this.items(partnerId, this.manager).andWhere('i.id = :itemId', { itemId }).getExists();
  }

  /** Sets the reorder point; the item as it is now, or undefined when the partner has no such item. */
  async setReorderPoint(
    partnerId: string,
    itemId: string,
    reorderPoint: number,
    at: Date,
  ): Promise<InventoryItem | undefined> {
    const result = await this.manager
      .createQueryBuilder()
      .update(InventoryItem)
      .set({ reorderPoint, updatedAt: at })
      .where('partner_id = :partnerId AND id = :itemId', { partnerId, itemId })
      .returning('*')
      .execute();
    const [row] = rowsOf(result.raw);
    return row === undefined ? undefined : itemFromRow(row);
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
  ): Promise<RecordOutcome> {
    try {
      return await this.recordInTransaction(partnerId, itemId, movement);
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
  ): Promise<RecordOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const quantity = movement.quantity;
      const set: Record<string, () => string> = { onHand: () => 'on_hand + :quantity' };
      if (movement.kind === 'receipt') set.inbound = () => 'greatest(inbound - :quantity, 0)';
      if (movement.kind === 'shipment') set.reserved = () => 'greatest(reserved + :quantity, 0)';
      if (movement.kind === 'damage') set.damaged = () => 'damaged - :quantity';
      const update = await manager
        .createQueryBuilder()
        .update(InventoryItem)
        .set({ ...set, updatedAt: movement.recordedAt })
        .where('partner_id = :partnerId AND id = :itemId AND on_hand + :quantity >= 0', {
          partnerId,
          itemId,
          quantity,
        })
        .returning('*')
        .execute();
      const [itemRow] = rowsOf(update.raw);
      if (itemRow === undefined) {
        const exists = await this.items(partnerId, manager)
          .andWhere('i.id = :itemId', { itemId })
          .getExists();
        return { recorded: false, reason: exists ? 'insufficient_stock' : 'not_found' };
      }
      const insert = await manager
        .createQueryBuilder()
        .insert()
        .into(InventoryMovement)
        .values({ partnerId, itemId, ...movement })
        .returning(`*, ${movementDaySql('inventory_movements')} AS day`)
        .execute();
      const [movementRow] = rowsOf(insert.raw);
      if (movementRow === undefined) throw new Error('INSERT … RETURNING returned no row');
      return {
        recorded: true,
        item: itemFromRow(itemRow),
        movement: movementFromRow(movementRow),
        day: text(movementRow, 'day'),
      };
    });
  }

  /**
   * The item's movements with the claim that stands for each (`claims_movement_id_key`: at most one
   * that is not withdrawn, so the join keeps one row per movement).
   */
  private movementsWithClaims(
    partnerId: string,
    itemId: string,
  ): SelectQueryBuilder<InventoryMovement> {
    return this.manager
      .getRepository(InventoryMovement)
      .createQueryBuilder('mv')
      .leftJoin(
        'claims',
        'cl',
        `cl.partner_id = mv.partner_id AND cl.movement_id = mv.id AND cl.status <> 'withdrawn'`,
      )
      .addSelect(['cl.id AS cl_id', 'cl.number AS cl_number', 'cl.status AS cl_status'])
      .addSelect(movementDaySql('mv'), 'mv_day')
      .where('mv.partner_id = :partnerId AND mv.item_id = :itemId', { partnerId, itemId });
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
  async findMovement(
    partnerId: string,
    itemId: string,
    movementId: string,
  ): Promise<ListedMovement | undefined> {
    const raw = await this.movementsWithClaims(partnerId, itemId)
      .andWhere('mv.id = :movementId', { movementId })
      .getRawOne<Row>();
    return raw === undefined ? undefined : readListedMovement(raw);
  }

  /** The partner's categories and warehouses with their item counts (above 0), by value: one read. */
  async facetCounts(partnerId: string): Promise<FacetCount[]> {
    const counts = await this.manager
      .getRepository(InventoryFacetCount)
      .createQueryBuilder('f')
      .where('f.partner_id = :partnerId AND f.item_count > 0', { partnerId })
      .orderBy('f.facet')
      .addOrderBy('f.value')
      .getMany();
    return counts.map(({ facet, value, itemCount }) => ({ facet, value, count: itemCount }));
  }
}

function timestamp(row: Row, column: string): Date {
  const value = row[column];
  if (value instanceof Date) return value;
  if (typeof value === 'string') return new Date(value);
  throw new Error(`${column} is not a timestamp`);
}

/**
 * An item from the columns an UPDATE … RETURNING * gave back, or (`prefix` `i_`) from a list
 * statement's raw row (no TypeORM hydration).
 */
function itemFromRow(row: Row, prefix = ''): InventoryItem {
  return Object.assign(new InventoryItem(), {
    id: text(row, `${prefix}id`),
    partnerId: text(row, `${prefix}partner_id`),
    sku: text(row, `${prefix}sku`),
    name: text(row, `${prefix}name`),
    category: text(row, `${prefix}category`),
    barcode: nullableText(row, `${prefix}barcode`),
    warehouse: text(row, `${prefix}warehouse`),
    unitValue: integer(row, `${prefix}unit_value`),
    onHand: integer(row, `${prefix}on_hand`),
    reserved: integer(row, `${prefix}reserved`),
    inbound: integer(row, `${prefix}inbound`),
    damaged: integer(row, `${prefix}damaged`),
    reorderPoint: integer(row, `${prefix}reorder_point`),
    status: text(row, `${prefix}status`) as ItemStatus,
    createdAt: timestamp(row, `${prefix}created_at`),
    updatedAt: timestamp(row, `${prefix}updated_at`),
  });
}

/** What an export writes of an item (docs/api.md, Inventory CSV): a plain object, no entity. */
export type ExportedItem = Pick<
  InventoryItem,
  | 'sku'
  | 'name'
  | 'category'
  | 'barcode'
  | 'warehouse'
  | 'status'
  | 'onHand'
  | 'reserved'
  | 'inbound'
  | 'damaged'
  | 'reorderPoint'
  | 'unitValue'
  | 'updatedAt'
>;

const EXPORTED_COLUMNS = [
  'i.sku',
  'i.name',
  'i.category',
  'i.barcode',
  'i.warehouse',
  'i.status',
  'i.onHand',
  'i.reserved',
  'i.inbound',
  'i.damaged',
  'i.reorderPoint',
  'i.unitValue',
  'i.updatedAt',
];

function readExportedItem(row: Row): ExportedItem {
  return {
    sku: text(row, 'i_sku'),
    name: text(row, 'i_name'),
    category: text(row, 'i_category'),
    barcode: nullableText(row, 'i_barcode'),
    warehouse: text(row, 'i_warehouse'),
    status: text(row, 'i_status') as ItemStatus,
    onHand: integer(row, 'i_on_hand'),
    reserved: integer(row, 'i_reserved'),
    inbound: integer(row, 'i_inbound'),
    damaged: integer(row, 'i_damaged'),
    reorderPoint: integer(row, 'i_reorder_point'),
    unitValue: integer(row, 'i_unit_value'),
    updatedAt: timestamp(row, 'i_updated_at'),
  };
}

/** An item of a list page from its statement's raw row (the builder's alias `i`). */
function readListedItem(raw: Row): InventoryItem {
  return itemFromRow(raw, 'i_');
}

/**
 * A movement from the columns an INSERT … RETURNING * gave back, or (`prefix` `mv_`) from a list
 * statement's raw row.
 */
function movementFromRow(row: Row, prefix = ''): InventoryMovement {
  return Object.assign(new InventoryMovement(), {
    id: text(row, `${prefix}id`),
    partnerId: text(row, `${prefix}partner_id`),
    itemId: text(row, `${prefix}item_id`),
    kind: text(row, `${prefix}kind`) as MovementKind,
    quantity: integer(row, `${prefix}quantity`),
    reference: nullableText(row, `${prefix}reference`),
    note: nullableText(row, `${prefix}note`),
    occurredAt: timestamp(row, `${prefix}occurred_at`),
    recordedAt: timestamp(row, `${prefix}recorded_at`),
    recordedByUserId: nullableText(row, `${prefix}recorded_by_user_id`),
  });
}

/** The claim that stands for a movement (docs/api.md, InventoryMovement `claim`). */
export interface MovementClaim {
  id: string;
  number: number;
  status: ClaimStatus;
}

/** A movement of an item's history with the claim filed from it, if any. */
export interface ListedMovement {
  movement: InventoryMovement;
  /** `YYYY-MM-DD`: its day in the partner's time zone (`movementDaySql`). */
  day: string;
  claim: MovementClaim | null;
}

function readListedMovement(raw: Row): ListedMovement {
  return {
    movement: movementFromRow(raw, 'mv_'),
    day: text(raw, 'mv_day'),
    claim:
      raw.cl_id === null || raw.cl_id === undefined
        ? null
        : {
            id: text(raw, 'cl_id'),
            number: integer(raw, 'cl_number'),
            status: text(raw, 'cl_status') as ClaimStatus,
          },
  };
}
