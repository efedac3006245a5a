import { Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { BigCount } from './rollup-columns.js';

/**
 * A partner's stock now: Σ on hand and Σ on hand × unit value over its items, read by primary key
 * whatever the number of items. Kept by the statement-level triggers `inventory_stock_totals_*` on
 * `inventory_items` (migration 1795800000001-inventory-stock-totals). Never written by the application.
 */
@Entity({ name: 'inventory_stock_totals' })
export class InventoryStockTotal {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'inventory_stock_totals_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'inventory_stock_totals', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @BigCount('units')
  units!: number;

  @BigCount('value')
  value!: number;
}
