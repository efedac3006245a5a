import { Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import type { ClaimStatus, ClaimType } from './claim-lifecycle.js';

/**
 * How many claims a partner has of each status and type: the status tabs' counts and the exact total
 * of a list filtered by status or type alone, read by primary key however many claims there are. Kept by
 * statement-level triggers on `claims` (the migration's `claim_counts_follow`), so creations,
 * transitions, deletions and bulk loads keep it exact without knowing it exists. Never written by the
 * application; a count that fell to 0 stays as a row.
 */
@Entity({ name: 'claim_counts' })
export class ClaimCount {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'claim_counts_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'claim_counts', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'claim_counts_pkey' })
  status!: ClaimStatus;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'claim_counts_pkey' })
  type!: ClaimType;

  @Column({ name: 'claim_count', type: 'integer' })
  claimCount!: number;
}
