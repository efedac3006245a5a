import { Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

/**
 * How many unclaimed losses and damages of a partner fall due on each day: the needs-attention list's
 * exact total is the sum of the days from today on, never a count of movements. Kept by
 * statement-level triggers on `unclaimed_movements`; never written by the application.
 */
@Entity({ name: 'unclaimed_movement_counts' })
export class UnclaimedMovementCount {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'unclaimed_movement_counts_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'unclaimed_movement_counts', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'unclaimed_movement_counts_pkey' })
  deadline!: string;

  @Column({ name: 'movement_count', type: 'integer' })
  movementCount!: number;
}
