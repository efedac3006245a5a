import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many claims wait for the network (`waiting_since` set) per UTC hour of `waiting_since` and shard
 * of the claim's id (0–7, so that one hour's submissions do not all update one row): the staff
 * summary's `waiting` and most of its `overdue`, a few thousand rows however many claims wait (docs/
 * performance.md, "Staff queue"). Kept by statement-level triggers on `claims` (the migration's
 * `claim_waiting_hours_follow`); a row that falls to 0 is deleted. Never written by the application.
 */
@Entity({ name: 'claim_waiting_hours' })
export class ClaimWaitingHour {
  @PrimaryColumn({
    type: 'timestamptz',
    primaryKeyConstraintName: 'claim_waiting_hours_pkey',
  })
  hour!: Date;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'claim_waiting_hours_pkey' })
  shard!: number;

  @Column({ name: 'claim_count', type: 'integer' })
  claimCount!: number;
}
