import { Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '#src/database/columns.js';
import { User } from '#src/users/user.entity.js';

/**
 * One refresh token of a session family (one sign-in). Only its SHA-256 is stored. Each use rotates it:
 * the row gets `used_at` and a new row of the same family is issued. A used or revoked token presented
 * again revokes the whole family.
 */
@Entity({ name: 'refresh_tokens' })
@Index('refresh_tokens_token_hash_key', ['tokenHash'], { unique: true })
@Index('refresh_tokens_family_id_idx', ['familyId'])
@Index('refresh_tokens_user_id_idx', ['userId'])
export class RefreshToken {
  @IdColumn('refresh_tokens')
  id!: string;

  /** The session: every token rotated from one sign-in shares it. */
  @UuidColumn('family_id')
  familyId!: string;

  @UuidColumn('user_id')
  userId!: string;

  @References(() => User, 'refresh_tokens', 'user_id', 'CASCADE')
  user?: Relation<User>;

  /** SHA-256 of the token, hex. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @TimestampColumn('created_at')
  createdAt!: Date;

  /** Idle expiry: 14 days after issue, never past the family's absolute expiry. */
  @TimestampColumn('expires_at')
  expiresAt!: Date;

  /** Absolute expiry of the family: 30 days after the sign-in. */
  @TimestampColumn('family_expires_at')
  familyExpiresAt!: Date;

  @TimestampColumn('used_at', { nullable: true })
  usedAt!: Date | null;

  @TimestampColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;

  /** The user's credential generation the token was issued under: it ends when that moves on. */
  @Column({ name: 'credential_generation', type: 'integer' })
  credentialGeneration!: number;
}
