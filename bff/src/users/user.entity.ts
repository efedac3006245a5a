import { Check, Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { IdColumn, TimestampColumn } from '../database/columns.js';

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A person who signs in; partner access comes from memberships, staff access from `isStaff`. */
@Entity({ name: 'users' })
@Index('users_email_key', ['email'], { unique: true })
@Check('users_status_check', `"status" IN ('invited', 'active', 'disabled')`)
export class User {
  @IdColumn('users')
  id!: string;

  /** citext: unique and compared without regard to case, kept as the person typed it. */
  @Column({ type: 'citext' })
  email!: string;

  @Column({ type: 'text' })
  name!: string;

  /** argon2id PHC string; null until an invited user sets a password. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'text', default: 'active' })
  status!: UserStatus;

  @Column({ name: 'is_staff', type: 'boolean', default: false })
  isStaff!: boolean;

  @TimestampColumn('last_sign_in_at', { nullable: true })
  lastSignInAt!: Date | null;

  /**
   * When the user's sessions were last ended (sign-out everywhere, password reset), by the database's
   * clock and never moved backwards. A record: what ends the sessions is `credentialGeneration`.
   */
  @TimestampColumn('tokens_valid_after', { nullable: true })
  tokensValidAfter!: Date | null;

  /**
   * Raised by every invalidation of the user's sessions, in the statement that makes it (with the new
   * password, for a reset). Every session carries the generation it was issued under (the refresh
   * token's row, the access JWT's `gen`) and ends when that is no longer this one
   * (docs/decisions.md, Identity).
   */
  @Column({ name: 'credential_generation', type: 'integer', default: 0 })
  credentialGeneration!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
