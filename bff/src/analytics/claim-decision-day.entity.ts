import { Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { Count } from './rollup-columns.js';

/**
 * How many of a partner's claims were decided (approved or rejected) on a partner day after how many
 * whole partner days since their submission: the median time to decision of any range reads these few
 * rows. Kept by the trigger `claim_rollups_after_insert` on `claim_events`, like `claim_daily_stats`.
 */
@Entity({ name: 'claim_decision_days' })
export class ClaimDecisionDay {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'claim_decision_days_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'claim_decision_days', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'claim_decision_days_pkey' })
  day!: string;

  @PrimaryColumn({
    name: 'days_to_decision',
    type: 'integer',
    primaryKeyConstraintName: 'claim_decision_days_pkey',
  })
  daysToDecision!: number;

  @Count('decision_count')
  decisionCount!: number;
}
