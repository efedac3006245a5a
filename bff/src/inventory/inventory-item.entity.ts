import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { IdColumn, References, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

export const ITEM_STATUSES = ['active', 'discontinued'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * One SKU of a partner in one warehouse (docs/product.md §4). Its quantities are always the sum of its
 * movements: only recording a movement changes them, in the movement's transaction.
 * `available` (on hand − reserved) and `value` (on hand × unit value) are derived, never stored; the
 * list sorts on them through expression indexes (the migration's `inventory_items_list_*_idx`).
 */
@Entity({ name: 'inventory_items' })
@Index('inventory_items_partner_id_sku_key', ['partnerId', 'sku'], { unique: true })
// Expression, trigram and covering indexes the entity decorators cannot spell: made by the migration.
@Index('inventory_items_list_sku_idx', { synchronize: false })
@Index('inventory_items_list_name_idx', { synchronize: false })
@Index('inventory_items_list_on_hand_idx', { synchronize: false })
@Index('inventory_items_list_available_idx', { synchronize: false })
@Index('inventory_items_list_value_idx', { synchronize: false })
@Index('inventory_items_list_updated_at_idx', { synchronize: false })
@Index('inventory_items_search_trgm_idx', { synchronize: false })
@Index('inventory_items_barcode_idx', { synchronize: false })
// The list's filters (migration 1795600000000-inventory-list-filters): a rare category or warehouse,
// and the stock state under the sorts that move with it, each read through its own index.
@Index('inventory_items_category_idx', { synchronize: false })
@Index('inventory_items_warehouse_idx', { synchronize: false })
@Index('inventory_items_low_on_hand_idx', { synchronize: false })
@Index('inventory_items_low_available_idx', { synchronize: false })
@Index('inventory_items_low_value_idx', { synchronize: false })
@Index('inventory_items_out_on_hand_idx', { synchronize: false })
@Index('inventory_items_out_available_idx', { synchronize: false })
@Index('inventory_items_out_value_idx', { synchronize: false })
@Check('inventory_items_status_check', `"status" IN ('active', 'discontinued')`)
@Check(
  'inventory_items_quantities_check',
  `"on_hand" >= 0 AND "reserved" >= 0 AND "inbound" >= 0 AND "damaged" >= 0 AND "reorder_point" >= 0`,
)
@Check('inventory_items_unit_value_check', `"unit_value" >= 0`)
export class InventoryItem {
  @IdColumn('inventory_items')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'inventory_items', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  /** Unique per partner; byte order (`C` collation): codes sort as codes, and a prefix uses the index. */
  @Column({ type: 'text', collation: 'C' })
  sku!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  category!: string;

  @Column({ type: 'text', nullable: true, collation: 'C' })
  barcode!: string | null;

  @Column({ type: 'text' })
  warehouse!: string;

  /** Minor units of the partner's currency. */
  @Column({ name: 'unit_value', type: 'integer' })
  unitValue!: number;

  @Column({ name: 'on_hand', type: 'integer', default: 0 })
  onHand!: number;

  @Column({ type: 'integer', default: 0 })
  reserved!: number;

  @Column({ type: 'integer', default: 0 })
  inbound!: number;

  @Column({ type: 'integer', default: 0 })
  damaged!: number;

  @Column({ name: 'reorder_point', type: 'integer', default: 0 })
  reorderPoint!: number;

  @Column({ type: 'text', default: 'active' })
  status!: ItemStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
