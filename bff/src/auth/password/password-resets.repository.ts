import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { fields, read } from '#src/database/table.js';

/** The holder of a usable token: its active account. */
const HOLDER = fields({
  userId: ['u.id', read.text],
  email: ['u.email', read.text],
});

/** Every statement on `password_reset_tokens`. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly db: Database) {}

  /** A newer link voids the older ones of the user. */
  async voidPending(userId: string, now: Date, manager: EntityManager): Promise<void> {
    await this.db.execute(
      sql`UPDATE password_reset_tokens SET used_at = ${now}
           WHERE user_id = ${userId} AND used_at IS NULL`,
      manager,
    );
  }

  async insert(
    token: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
    manager: EntityManager,
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO password_reset_tokens (user_id, token_hash, created_at, expires_at, used_at)
          VALUES (${token.userId}, ${token.tokenHash}, ${token.createdAt}, ${token.expiresAt}, NULL)`,
      manager,
    );
  }

  /** The active account a usable token belongs to. */
  holderOf(tokenHash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${HOLDER.list} FROM password_reset_tokens t
            JOIN users u ON u.id = t.user_id AND u.status = 'active'
           WHERE t.token_hash = ${tokenHash} AND t.used_at IS NULL AND t.expires_at > ${now}`,
      HOLDER.read,
    );
  }

  /** Uses the token in one atomic statement: true for exactly one of concurrent uses. */
  async consume(tokenHash: string, now: Date, manager: EntityManager): Promise<boolean> {
    const used = await this.db.execute(
      sql`UPDATE password_reset_tokens SET used_at = ${now}
           WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}`,
      manager,
    );
    return used === 1;
  }
}
