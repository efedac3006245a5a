import { Check, Column, Entity, Index, type Relation } from 'typeorm';
import type { ApiKeyKind, ApiKeyScope } from '../auth/decorators/scopes.decorator.js';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

/**
 * An API key (docs/product.md §3b): a principal that is not a person. A partner's key (`partner_id`
 * set, created by one of its admins) or a network key (no partner, created by staff). Only the
 * SHA-256 of its token is stored (the token is 256 random bits: no slow hash needed), with the
 * token's first 8 characters to recognise it by.
 */
@Entity({ name: 'api_keys' })
@Index('api_keys_token_hash_key', ['tokenHash'], { unique: true })
// A partner's keys, newest first (the network's: partner_id IS NULL, the same index).
@Index('api_keys_partner_id_created_at_idx', ['partnerId', 'createdAt', 'id'])
@Check('api_keys_kind_check', `"kind" IN ('partner', 'network')`)
@Check('api_keys_kind_partner_check', `("kind" = 'partner') = ("partner_id" IS NOT NULL)`)
@Check(
  'api_keys_scopes_check',
  `cardinality("scopes") > 0 AND (("kind" = 'partner' AND "scopes" <@ ARRAY['inventory:read', 'claims:read', 'claims:write']::text[]) OR ("kind" = 'network' AND "scopes" <@ ARRAY['movements:write', 'claims:read']::text[]))`,
)
export class ApiKey {
  @IdColumn('api_keys')
  id!: string;

  @UuidColumn('partner_id', { nullable: true })
  partnerId!: string | null;

  @References(() => Partner, 'api_keys', 'partner_id', 'CASCADE')
  partner?: Relation<Partner> | null;

  @Column({ type: 'text' })
  kind!: ApiKeyKind;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', array: true })
  scopes!: ApiKeyScope[];

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** The token's first 8 characters (`ppk_` and 4 more): shown in lists, never enough to use. */
  @Column({ type: 'text' })
  prefix!: string;

  @UuidColumn('created_by_user_id', { nullable: true })
  createdByUserId!: string | null;

  @References(() => User, 'api_keys', 'created_by_user_id', 'SET NULL')
  createdBy?: Relation<User> | null;

  @TimestampColumn('created_at')
  createdAt!: Date;

  /** Written at most once a minute per key (docs/api.md, API keys). */
  @TimestampColumn('last_used_at', { nullable: true })
  lastUsedAt!: Date | null;

  @TimestampColumn('expires_at')
  expiresAt!: Date;

  @TimestampColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;
}
