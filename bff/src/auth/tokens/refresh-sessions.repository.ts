import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { fields, read, selection, table, type ValueReader } from '#src/database/table.js';
import type { UserStatus } from '#src/users/user.entity.js';
import { RefreshToken } from './refresh-token.entity.js';

/** The refresh_tokens table (docs/decisions.md, Data layer). */
export const REFRESH_TOKENS = table(RefreshToken);

/** A refresh token row with what its rotation must know of its user. */
export interface StoredRefreshToken {
  id: string;
  familyId: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  familyExpiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  /** The credential generation it was issued under. */
  credentialGeneration: number;
  user: { status: UserStatus; credentialGeneration: number };
}

export interface NewRefreshToken {
  familyId: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  familyExpiresAt: Date;
  /** The user's credential generation the session speaks for (read where the credential was checked). */
  credentialGeneration: number;
}

/** A stored token (all but its hash) and its user's state, in one statement. */
const STORED = selection(
  REFRESH_TOKENS.select('t', [
    'id',
    'familyId',
    'userId',
    'createdAt',
    'expiresAt',
    'familyExpiresAt',
    'usedAt',
    'revokedAt',
    'credentialGeneration',
  ]),
  fields({
    userStatus: ['u.status', read.text as ValueReader<UserStatus>],
    userCredentialGeneration: ['u.credential_generation', read.integer],
  }),
);

const SESSION = REFRESH_TOKENS.select('t', ['familyId', 'userId']);

/** Every statement on `refresh_tokens`. */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly db: Database) {}

  /**
   * The guarded issue of a refresh token: inserted only while its user is active and still of the
   * credential generation the caller checked (a password reset or a sign-out everywhere committed
   * since then inserts nothing). One statement: no invalidation can fall between the check and the
   * insert.
   */
  async insertIfCurrent(token: NewRefreshToken, manager?: EntityManager): Promise<boolean> {
    const inserted = await this.db.execute(
      sql`INSERT INTO refresh_tokens
            (family_id, user_id, token_hash, created_at, expires_at, family_expires_at, credential_generation)
          SELECT ${token.familyId}, u.id, ${token.tokenHash}, ${token.createdAt}, ${token.expiresAt},
                 ${token.familyExpiresAt}, u.credential_generation
            FROM users u
           WHERE u.id = ${token.userId} AND u.credential_generation = ${token.credentialGeneration}
             AND u.status = 'active'`,
      manager,
    );
    return inserted === 1;
  }

  async findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const row = await this.db.maybeOne(
      sql`SELECT ${STORED.list} FROM refresh_tokens t JOIN users u ON u.id = t.user_id
           WHERE t.token_hash = ${tokenHash}`,
      STORED.read,
    );
    if (row === undefined) return undefined;
    const { userStatus, userCredentialGeneration, ...token } = row;
    return {
      ...token,
      user: { status: userStatus, credentialGeneration: userCredentialGeneration },
    };
  }

  /**
   * The atomic claim of an unrevoked token: true when it was unused (it is marked used now), or was
   * used no more than `graceMs` before `now` (it keeps its first use, so the window never slides).
   */
  async claimWithin(
    id: string,
    now: Date,
    graceMs: number,
    manager: EntityManager,
  ): Promise<boolean> {
    const earliest = new Date(now.getTime() - graceMs);
    const claimed = await this.db.execute(
      sql`UPDATE refresh_tokens SET used_at = COALESCE(used_at, ${now})
           WHERE id = ${id} AND revoked_at IS NULL
             AND (used_at IS NULL OR used_at >= ${earliest})`,
      manager,
    );
    return claimed === 1;
  }

  async revokeFamily(familyId: string, now: Date, manager?: EntityManager): Promise<void> {
    await this.db.execute(
      sql`UPDATE refresh_tokens SET revoked_at = ${now}
           WHERE family_id = ${familyId} AND revoked_at IS NULL`,
      manager,
    );
  }

  async revokeUser(userId: string, now: Date, manager?: EntityManager): Promise<void> {
    await this.db.execute(
      sql`UPDATE refresh_tokens SET revoked_at = ${now}
           WHERE user_id = ${userId} AND revoked_at IS NULL`,
      manager,
    );
  }

  /** The session (family) and user of a token, whatever its state. */
  async sessionOf(tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
    const token = await this.db.maybeOne(
      sql`SELECT ${SESSION.list} FROM refresh_tokens t WHERE t.token_hash = ${tokenHash}`,
      SESSION.read,
    );
    return token === undefined ? undefined : { sessionId: token.familyId, userId: token.userId };
  }
}
