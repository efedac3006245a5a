import { Entity, PrimaryColumn, type Relation } from 'typeorm';
import type { ClaimType } from '../claims/claim-lifecycle.js';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { BigCount, Count } from './rollup-columns.js';

/**
 * A partner's claims of one type, per partner day (its time zone), counted at their transition events:
 * filed (submit), approved, rejected, paid, and closed (withdrawn, rejected or paid: leaving the open
 * set), with their amounts (filed and closed: amount claimed; approved and paid: amount approved).
 * Kept by the statement-level trigger `claim_rollups_after_insert` on `claim_events` (the migration
 * 1795800000000-dashboard-rollups), in the transaction of the event. Never written by the application.
 */
@Entity({ name: 'claim_daily_stats' })
export class ClaimDailyStat {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'claim_daily_stats_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'claim_daily_stats', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'claim_daily_stats_pkey' })
  day!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'claim_daily_stats_pkey' })
  type!: ClaimType;

  @Count('filed_count')
  filedCount!: number;

  @BigCount('filed_amount')
  filedAmount!: number;

  @Count('approved_count')
  approvedCount!: number;

  @BigCount('approved_amount')
  approvedAmount!: number;

  @Count('rejected_count')
  rejectedCount!: number;

  @Count('paid_count')
  paidCount!: number;

  @BigCount('paid_amount')
  paidAmount!: number;

  @Count('closed_count')
  closedCount!: number;

  @BigCount('closed_amount')
  closedAmount!: number;
}
