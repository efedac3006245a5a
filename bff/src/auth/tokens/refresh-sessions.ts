import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { returnedRows } from '../../database/sql.js';
import { newOpaqueToken, sha256Hex } from './token-hash.js';

export const REFRESH_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const REFRESH_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  token: string;
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

export type RotationFailure = 'unknown' | 'expired' | 'reused' | 'revoked';

export class RefreshRefused extends Error {
  constructor(
    readonly reason: RotationFailure,
    readonly userId?: string,
  ) {
    super(`Refresh refused: ${reason}`);
  }
}

interface TokenRow {
  id: string;
  family_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  family_expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  tokens_valid_after: Date | null;
  status: string;
}

/**
 * Refresh sessions: one family per sign-in, one row per token, only SHA-256 hashes stored. Every use
 * rotates the token; presenting a used one again revokes the whole family (it was stolen, or the
 * legitimate client lost a race it should not run). 14 days idle, 30 days absolute.
 */
@Injectable()
export class RefreshSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async start(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<IssuedRefreshToken> {
    const now = this.clock.now();
    const familyExpiresAt = new Date(now.getTime() + REFRESH_ABSOLUTE_MS);
    return this.insert(manager, userId, randomUUID(), now, familyExpiresAt);
  }

  private async insert(
    manager: EntityManager,
    userId: string,
    sessionId: string,
    now: Date,
    familyExpiresAt: Date,
  ): Promise<IssuedRefreshToken> {
    const token = newOpaqueToken();
    const expiresAt = new Date(
      Math.min(now.getTime() + REFRESH_IDLE_MS, familyExpiresAt.getTime()),
    );
    await manager.query(
      `INSERT INTO refresh_tokens (family_id, user_id, token_hash, created_at, expires_at, family_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [sessionId, userId, sha256Hex(token), now, expiresAt, familyExpiresAt],
    );
    return { token, sessionId, userId, expiresAt };
  }

  /**
   * Trades a refresh token for a new one of the same family, or throws RefreshRefused. Revocations are
   * committed before the refusal is thrown (no transaction would roll them back).
   */
  async rotate(token: string): Promise<IssuedRefreshToken> {
    const now = this.clock.now();
    const manager = this.dataSource.manager;
    const rows = (await manager.query(
      `SELECT t.id, t.family_id, t.user_id, t.created_at, t.expires_at, t.family_expires_at,
              t.used_at, t.revoked_at, u.tokens_valid_after, u.status
         FROM refresh_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1`,
      [sha256Hex(token)],
    )) as TokenRow[];
    const row = rows[0];
    if (row === undefined) throw new RefreshRefused('unknown');
    if (row.revoked_at !== null) throw new RefreshRefused('revoked', row.user_id);
    if (row.used_at !== null) {
      await this.revokeFamilyWith(manager, row.family_id, now);
      throw new RefreshRefused('reused', row.user_id);
    }
    if (
      row.expires_at.getTime() <= now.getTime() ||
      row.family_expires_at.getTime() <= now.getTime()
    ) {
      throw new RefreshRefused('expired', row.user_id);
    }
    if (
      row.status !== 'active' ||
      (row.tokens_valid_after !== null &&
        row.created_at.getTime() < row.tokens_valid_after.getTime())
    ) {
      throw new RefreshRefused('revoked', row.user_id);
    }
    // The atomic claim of this token: of two concurrent uses, one rotates and the other is a reuse.
    // Claim and successor commit together: the loser's claim waits on the winner's row lock, so when
    // it then revokes the family, the successor is already there to be revoked with it.
    const successor = await this.dataSource.transaction(async (transaction) => {
      const claimed = returnedRows<{ id: string }>(
        await transaction.query(
          `UPDATE refresh_tokens SET used_at = $2
            WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL RETURNING id`,
          [row.id, now],
        ),
      );
      if (claimed.length !== 1) return undefined;
      return this.insert(transaction, row.user_id, row.family_id, now, row.family_expires_at);
    });
    if (successor === undefined) {
      await this.revokeFamilyWith(manager, row.family_id, now);
      throw new RefreshRefused('reused', row.user_id);
    }
    return successor;
  }

  /** Ends one session (sign-out). */
  async revokeFamily(sessionId: string): Promise<void> {
    await this.revokeFamilyWith(this.dataSource.manager, sessionId, this.clock.now());
  }

  /** Ends every session of a user (sign-out everywhere, password reset). */
  async revokeUser(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId, this.clock.now()],
    );
  }

  /** The session of a refresh token, whatever its state (sign-out needs no valid token). */
  async sessionOf(token: string): Promise<{ sessionId: string; userId: string } | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = $1`,
      [sha256Hex(token)],
    )) as Array<{ family_id: string; user_id: string }>;
    const row = rows[0];
    return row === undefined ? undefined : { sessionId: row.family_id, userId: row.user_id };
  }

  private async revokeFamilyWith(
    manager: EntityManager,
    familyId: string,
    now: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`,
      [familyId, now],
    );
  }
}
