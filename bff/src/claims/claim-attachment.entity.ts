import { Check, Column, CreateDateColumn, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';
import { Claim } from './claim.entity.js';
import type { AttachmentContentType } from './claim-lifecycle.js';
import { ApiKey } from '../api-keys/api-key.entity.js';

/**
 * A file of evidence on a claim (docs/product.md §4, Attachment): what it is; its bytes are in the
 * evidence store under `storageKey` (`claim_evidence_blobs` for the default store in PostgreSQL).
 */
@Entity({ name: 'claim_attachments' })
@Index('claim_attachments_uploaded_by_key_id_idx', ['uploadedByKeyId'])
// A person or a key, never both (migration 1796800000000-api-keys).
@Check(
  'claim_attachments_one_actor_check',
  `"uploaded_by_user_id" IS NULL OR "uploaded_by_key_id" IS NULL`,
)
@Index('claim_attachments_claim_idx', ['partnerId', 'claimId', 'createdAt', 'id'])
@Index('claim_attachments_uploaded_by_user_id_idx', ['uploadedByUserId'])
@Check(
  'claim_attachments_content_type_check',
  `"content_type" IN ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`,
)
@Check('claim_attachments_size_check', `"size" BETWEEN 1 AND 10485760`)
@Check('claim_attachments_sha256_check', `"sha256" ~ '^[0-9a-f]{64}$'`)
export class ClaimAttachment {
  @IdColumn('claim_attachments')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'claim_attachments', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @UuidColumn('claim_id')
  claimId!: string;

  @References(() => Claim, 'claim_attachments', 'claim_id', 'CASCADE')
  claim?: Relation<Claim>;

  /** The uploaded file's name without any path, as shown and offered for download. */
  @Column({ type: 'text' })
  filename!: string;

  /** From the file's first bytes, never from what the client said. */
  @Column({ name: 'content_type', type: 'text' })
  contentType!: AttachmentContentType;

  @Column({ type: 'integer' })
  size!: number;

  /** Hex SHA-256 of the bytes. */
  @Column({ type: 'text' })
  sha256!: string;

  /** Where the evidence store keeps the bytes. */
  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  @UuidColumn('uploaded_by_user_id', { nullable: true })
  uploadedByUserId!: string | null;

  @References(() => User, 'claim_attachments', 'uploaded_by_user_id', 'SET NULL')
  uploadedBy?: Relation<User> | null;

  /** The API key that did it (docs/api.md, API keys), when no person did. */
  @UuidColumn('uploaded_by_key_id', { nullable: true })
  uploadedByKeyId!: string | null;

  @References(() => ApiKey, 'claim_attachments', 'uploaded_by_key_id', 'SET NULL')
  uploadedByKey?: Relation<ApiKey> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
