import { Column, CreateDateColumn, Entity, type Relation } from 'typeorm';
import { IdColumn, References, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';

/**
 * The bytes of evidence files for the default evidence store, in PostgreSQL (the embedded default and
 * moderate scale). Another store (an object store) replaces it behind the same interface.
 */
@Entity({ name: 'claim_evidence_blobs' })
export class ClaimEvidenceBlob {
  @IdColumn('claim_evidence_blobs')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'claim_evidence_blobs', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @Column({ type: 'bytea' })
  content!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
