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

/** A password reset link: 30 minutes, single use, only its SHA-256 stored; a newer one voids older ones. */
@Entity({ name: 'password_reset_tokens' })
@Index('password_reset_tokens_token_hash_key', ['tokenHash'], { unique: true })
@Index('password_reset_tokens_user_id_idx', ['userId'])
export class PasswordResetToken {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'password_reset_tokens_pkey' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'password_reset_tokens_user_id_fkey' })
  user?: Relation<User>;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when used, or when a newer token voided it. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
