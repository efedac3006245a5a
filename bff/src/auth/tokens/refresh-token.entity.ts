import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from '../../users/user.entity.js';

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
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'refresh_tokens_pkey' })
  id!: string;

  /** The session: every token rotated from one sign-in shares it. */
  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'refresh_tokens_user_id_fkey' })
  user?: Relation<User>;

  /** SHA-256 of the token, hex. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Idle expiry: 14 days after issue, never past the family's absolute expiry. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Absolute expiry of the family: 30 days after the sign-in. */
  @Column({ name: 'family_expires_at', type: 'timestamptz' })
  familyExpiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
