import { Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { BigCount } from './rollup-columns.js';

/**
 * A partner's movements per partner day (their occurred time in its time zone): the change of units on
 * hand and of their value (at the item's unit value), and the units and value lost and damaged (as
 * positive numbers). Stock at the end of a past day is today's stock less the deltas of the days after
 * it. Kept by the statement-level trigger `inventory_rollups_after_insert` on `inventory_movements`
 * (the migration 1795800000000-dashboard-rollups). Never written by the application.
 */
@Entity({ name: 'inventory_daily_stats' })
export class InventoryDailyStat {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'inventory_daily_stats_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'inventory_daily_stats', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'inventory_daily_stats_pkey' })
  day!: string;

  @BigCount('units_delta')
  unitsDelta!: number;

  @BigCount('value_delta')
  valueDelta!: number;

  @BigCount('lost_units')
  lostUnits!: number;

  @BigCount('lost_value')
  lostValue!: number;

  @BigCount('damaged_units')
  damagedUnits!: number;

  @BigCount('damaged_value')
  damagedValue!: number;
}
