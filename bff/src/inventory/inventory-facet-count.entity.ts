import { Check, Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

export const FACETS = ['category', 'warehouse'] as const;
export type Facet = (typeof FACETS)[number];

/**
 * How many items a partner has in each category and each warehouse: what the filter bar offers, read by
 * primary key in one statement however many items there are. Kept by statement-level triggers on
 * `inventory_items` (the migration's `inventory_facet_counts_*`), so bulk loads, the generator and any
 * future item API keep it exact without knowing it exists. Never written by the application; a count
 * that fell to 0 stays as a row, and readers skip it.
 */
@Entity({ name: 'inventory_facet_counts' })
@Check('inventory_facet_counts_facet_check', `"facet" IN ('category', 'warehouse')`)
export class InventoryFacetCount {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'inventory_facet_counts_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'inventory_facet_counts', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'inventory_facet_counts_pkey' })
  facet!: Facet;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'inventory_facet_counts_pkey' })
  value!: string;

  @Column({ name: 'item_count', type: 'integer' })
  itemCount!: number;
}
