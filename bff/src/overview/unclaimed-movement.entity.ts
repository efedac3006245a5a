import { Check, Column, Entity, Index, PrimaryColumn, type Relation } from 'typeorm';
import { References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { InventoryMovement } from '../inventory/inventory-movement.entity.js';
import { Partner } from '../partners/partner.entity.js';

export const UNCLAIMED_KINDS = ['loss', 'damage'] as const;
export type UnclaimedKind = (typeof UNCLAIMED_KINDS)[number];

/**
 * A loss or damage that no claim stands for (no claim in any status but withdrawn names it), with the
 * last day a claim may be filed for it: the needs-attention list of the overview reads these instead
 * of the partner's movements. Kept by statement-level triggers (the migration
 * 1795810000000-overview): a row comes with the movement, goes when a claim takes it, comes back when
 * that claim is withdrawn or the draft deleted. Never written by the application.
 */
@Entity({ name: 'unclaimed_movements' })
// Soonest deadline first (keyset on deadline, movement_id).
@Index('unclaimed_movements_deadline_idx', ['partnerId', 'deadline', 'movementId'])
@Check('unclaimed_movements_kind_check', `"kind" IN ('loss', 'damage')`)
export class UnclaimedMovement {
  @PrimaryColumn({
    name: 'movement_id',
    type: 'uuid',
    primaryKeyConstraintName: 'unclaimed_movements_pkey',
  })
  movementId!: string;

  @References(() => InventoryMovement, 'unclaimed_movements', 'movement_id', 'CASCADE')
  movement?: Relation<InventoryMovement>;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'unclaimed_movements', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  /** The movement's item (the movement's foreign key keeps it). */
  @UuidColumn('item_id')
  itemId!: string;

  @Column({ type: 'text' })
  kind!: UnclaimedKind;

  /** The movement's quantity (negative). */
  @Column({ type: 'integer' })
  quantity!: number;

  @TimestampColumn('occurred_at')
  occurredAt!: Date;

  /** The occurred day in the partner's time zone + 60 (docs/product.md §5, the filing window). */
  @Column({ type: 'date' })
  deadline!: string;
}
