import { Check, Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import type { StockState } from '../inventory/inventory.lists.js';
import { Partner } from '../partners/partner.entity.js';

/**
 * How many items of a partner are in each stock state (docs/api.md, InventoryItem `stockState`): the
 * overview's low-stock and out-of-stock KPIs, read by primary key however many items there are. Kept
 * by statement-level triggers on `inventory_items` (the migration 1795810000000-overview), so every
 * movement, reorder point change and bulk load keeps it exact; never written by the application.
 */
@Entity({ name: 'inventory_stock_counts' })
@Check('inventory_stock_counts_state_check', `"state" IN ('in', 'low', 'out')`)
export class InventoryStockCount {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'inventory_stock_counts_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'inventory_stock_counts', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'inventory_stock_counts_pkey' })
  state!: StockState;

  @Column({ name: 'item_count', type: 'integer' })
  itemCount!: number;
}
