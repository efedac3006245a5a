import { Check, Column, Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

/**
 * The last claim number of each partner. A creation raises it in its own transaction
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`): the row lock orders concurrent creations of one
 * partner, and a creation that rolls back takes its number back with it, so numbers are gap-free.
 */
@Entity({ name: 'claim_number_counters' })
@Check('claim_number_counters_last_number_check', `"last_number" >= 0`)
export class ClaimNumberCounter {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'claim_number_counters_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'claim_number_counters', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @Column({ name: 'last_number', type: 'integer' })
  lastNumber!: number;
}
