import { Check, Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { IdColumn } from '../database/columns.js';

export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/** A merchant whose stock is held in the network; `slug` scopes every page and API path of theirs. */
@Entity({ name: 'partners' })
@Index('partners_slug_key', ['slug'], { unique: true })
@Index('partners_name_idx', ['name', 'id'])
@Check('partners_status_check', `"status" IN ('active', 'suspended')`)
@Check('partners_currency_check', `"currency" ~ '^[A-Z]{3}$'`)
export class Partner {
  @IdColumn('partners')
  id!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: 'active' })
  status!: PartnerStatus;

  /** IANA time zone in which the partner's days are bucketed. */
  @Column({ name: 'time_zone', type: 'text' })
  timeZone!: string;

  /** ISO 4217 code of every amount of this partner. */
  @Column({ type: 'char', length: 3 })
  currency!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
