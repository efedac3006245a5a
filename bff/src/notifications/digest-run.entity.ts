import { Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References, TimestampColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

/**
 * One person's daily digest of one partner for one of the partner's days (docs/product.md,
 * Notification preferences). The key is the guarantee: the row is inserted (ON CONFLICT DO NOTHING)
 * in the transaction that builds and sends the digest, so of two instances running `sendDue` at once
 * one claims the day and the other finds it taken. Written on a due day whether or not there was
 * anything to say (`sent`), so the next digest's "since" is this one's `ran_at`.
 */
@Entity({ name: 'digest_runs' })
export class DigestRun {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid', primaryKeyConstraintName: 'digest_runs_pkey' })
  partnerId!: string;

  @References(() => Partner, 'digest_runs', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'digest_runs_pkey' })
  userId!: string;

  @References(() => User, 'digest_runs', 'user_id', 'CASCADE')
  user?: Relation<User>;

  /** The partner's calendar day (its time zone) the digest is of. */
  @PrimaryColumn({ name: 'local_day', type: 'date', primaryKeyConstraintName: 'digest_runs_pkey' })
  localDay!: string;

  /** The `now` of the run that claimed the day: the next digest reports what changed after it. */
  @TimestampColumn('ran_at')
  ranAt!: Date;

  /** Whether an e-mail went out (false: nothing to say that day). */
  @Column({ type: 'boolean' })
  sent!: boolean;
}
