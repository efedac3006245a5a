import { Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '#src/database/columns.js';
import { User } from '#src/users/user.entity.js';

/** A password reset link: 30 minutes, single use, only its SHA-256 stored; a newer one voids older ones. */
@Entity({ name: 'password_reset_tokens' })
@Index('password_reset_tokens_token_hash_key', ['tokenHash'], { unique: true })
@Index('password_reset_tokens_user_id_idx', ['userId'])
export class PasswordResetToken {
  @IdColumn('password_reset_tokens')
  id!: string;

  @UuidColumn('user_id')
  userId!: string;

  @References(() => User, 'password_reset_tokens', 'user_id', 'CASCADE')
  user?: Relation<User>;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @TimestampColumn('created_at')
  createdAt!: Date;

  @TimestampColumn('expires_at')
  expiresAt!: Date;

  /** Set when used, or when a newer token voided it. */
  @TimestampColumn('used_at', { nullable: true })
  usedAt!: Date | null;
}
