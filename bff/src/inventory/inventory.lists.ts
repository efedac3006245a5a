import { defineList } from '../common/list/index.js';

/**
 * The inventory list (`GET /api/partners/{slug}/inventory` and its CSV): by SKU by default. Each sort
 * expression is spelled exactly as its index `inventory_items_list_<field>_idx (partner_id, <expr>, id)`
 * (the migration 1795500000000-inventory), so that every sort, either way and at any depth, is an index
 * range scan: `available` is `(on_hand - reserved)`, `value` is `(on_hand::bigint * unit_value)`.
 */
export const INVENTORY_ITEM_LIST = defineList({
  id: 'partner-inventory',
  sortFields: {
    sku: 'i.sku',
    name: 'i.name',
    onHand: 'i.on_hand',
    available: '(i.on_hand - i.reserved)',
    value: '(i.on_hand::bigint * i.unit_value)',
    updatedAt: 'i.updated_at',
  },
  defaultSort: 'sku',
  idColumn: 'i.id',
});

/**
 * INVENTORY_ITEM_LIST's twin for a search that matches rarely: the same id, fields and values (so the
 * same cursors), spelled so that no index gives their order. Such a page is then read through the
 * trigram index and sorted, instead of walking the list's order past rows that do not match.
 */
export const INVENTORY_ITEM_UNINDEXED_ORDER = defineList({
  id: INVENTORY_ITEM_LIST.id,
  sortFields: {
    sku: "(i.sku || '')",
    name: "(i.name || '')",
    onHand: '(i.on_hand + 0)',
    available: '((i.on_hand - i.reserved) + 0)',
    value: '((i.on_hand::bigint * i.unit_value) + 0)',
    updatedAt: "(i.updated_at + interval '0 seconds')",
  },
  defaultSort: 'sku',
  idColumn: 'i.id',
});

/**
 * The movement history of one item (`GET …/inventory/{id}/movements`): newest first, on the index
 * `inventory_movements_history_idx (partner_id, item_id, occurred_at, id)` read backwards.
 */
export const INVENTORY_MOVEMENT_LIST = defineList({
  id: 'inventory-item-movements',
  sortFields: { occurredAt: 'mv.occurred_at' },
  defaultSort: '-occurredAt',
  idColumn: 'mv.id',
});

/** `stockState` of an item (docs/api.md, InventoryItem), from available and the reorder point. */
export const STOCK_STATES = ['in', 'low', 'out'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** The bounds of the list's text filters (docs/api.md, Inventory): longer is a 400, not a slow query. */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_FACET_VALUE_LENGTH = 200;
