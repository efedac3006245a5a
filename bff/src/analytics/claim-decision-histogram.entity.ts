import { Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

/**
 * How many of a partner's claims were decided (approved or rejected) on a partner day, by whole partner
 * days since their submission: `counts[d]` decisions after `d` days (the array's subscripts are the
 * days; NULL where none). The median time to decision of any range reads one row a day, and
 * PostgreSQL's `histogram_median` and `histogram_sum` read the arrays (migration
 * 1796100000000-claim-decision-histograms). Kept by the trigger `claim_rollups_after_insert` on
 * `claim_events`, like `claim_daily_stats`.
 */
@Entity({ name: 'claim_decision_histograms' })
export class ClaimDecisionHistogram {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'claim_decision_histograms_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'claim_decision_histograms', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'claim_decision_histograms_pkey' })
  day!: string;

  @Column({ type: 'integer', array: true })
  counts!: Array<number | null>;
}
