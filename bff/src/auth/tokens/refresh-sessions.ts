import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import { Clock } from '#src/common/clock.js';
import { RefreshTokensRepository } from './refresh-sessions.repository.js';
import { newOpaqueToken, sha256Hex } from '#src/common/token-hash.js';

export const REFRESH_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const REFRESH_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a token just rotated may be presented again without ending its session: two tabs (or a
 * retry after a lost answer) refreshing at once each get a successor, as the rotation leeway of the
 * common identity providers allows. After it, a reuse is theft and ends the whole session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface IssuedRefreshToken {
  token: string;
  sessionId: string;
  userId: string;
  /** The credential generation the session was issued under (its access tokens carry it as `gen`). */
  credentialGeneration: number;
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

/**
 * Refresh sessions: one family per sign-in, one row per token, only SHA-256 hashes stored. Every use
 * rotates the token; presenting a used one again after the grace window (REFRESH_REUSE_GRACE_MS)
 * revokes the whole family (it was stolen). 14 days idle, 30 days absolute. Every token is issued by a
 * guarded statement, under the user's credential generation the caller checked: none is issued once an
 * invalidation has committed, and one issued just before it is refused by the generation it carries.
 */
@Injectable()
export class RefreshSessions {
  constructor(
    private readonly database: Database,
    private readonly tokens: RefreshTokensRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * A new session of an active user whose credentials were checked under `credentialGeneration` (read
   * with the password hash it verified); undefined when the user is no longer active or the generation
   * has moved on since (a password reset or a sign-out everywhere committed after the check).
   */
  async start(
    userId: string,
    credentialGeneration: number,
    manager?: EntityManager,
  ): Promise<IssuedRefreshToken | undefined> {
    const now = this.clock.now();
    const familyExpiresAt = new Date(now.getTime() + REFRESH_ABSOLUTE_MS);
    return this.insert(manager, userId, credentialGeneration, randomUUID(), now, familyExpiresAt);
  }

  private async insert(
    manager: EntityManager | undefined,
    userId: string,
    credentialGeneration: number,
    sessionId: string,
    now: Date,
    familyExpiresAt: Date,
  ): Promise<IssuedRefreshToken | undefined> {
    const token = newOpaqueToken();
    const expiresAt = new Date(
      Math.min(now.getTime() + REFRESH_IDLE_MS, familyExpiresAt.getTime()),
    );
    const inserted = await this.tokens.insertIfCurrent(
      {
        familyId: sessionId,
        userId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt,
        familyExpiresAt,
        credentialGeneration,
      },
      manager,
    );
    return inserted ? { token, sessionId, userId, credentialGeneration, expiresAt } : undefined;
  }

  /**
   * Trades a refresh token for a new one of the same family, or throws RefreshRefused. Revocations are
   * committed before the refusal is thrown (no transaction would roll them back).
   */
  async rotate(token: string): Promise<IssuedRefreshToken> {
    const now = this.clock.now();
    const tokenHash = sha256Hex(token);
    const row = await this.tokens.findByHash(tokenHash);
    if (row === undefined) throw new RefreshRefused('unknown');
    if (row.revokedAt !== null) throw new RefreshRefused('revoked', row.userId);
    if (row.usedAt !== null && !withinReuseGrace(row.usedAt, now)) {
      await this.tokens.revokeFamily(row.familyId, now);
      throw new RefreshRefused('reused', row.userId);
    }
    if (
      row.expiresAt.getTime() <= now.getTime() ||
      row.familyExpiresAt.getTime() <= now.getTime()
    ) {
      throw new RefreshRefused('expired', row.userId);
    }
    if (
      row.user.status !== 'active' ||
      row.credentialGeneration !== row.user.credentialGeneration
    ) {
      throw new RefreshRefused('revoked', row.userId);
    }
    // The atomic claim of this token: of concurrent uses, one claims it. A use that finds it claimed
    // within the grace window (another tab's refresh) gets a successor of its own, in a statement that
    // also checks the family is still live; later, it is a reuse. Claim and successor commit together:
    // the loser's claim waits on the winner's row lock, so when it then revokes the family, the
    // successor is already there to be revoked with it. The successor is issued under the token's
    // generation by the guarded insert: an invalidation committed since the read above issues none.
    const successor = await this.database.transaction(async (transaction) => {
      const claimed = await this.tokens.claimWithin(
        row.id,
        now,
        REFRESH_REUSE_GRACE_MS,
        transaction,
      );
      if (!claimed) return 'reused' as const;
      const issued = await this.insert(
        transaction,
        row.userId,
        row.credentialGeneration,
        row.familyId,
        now,
        row.familyExpiresAt,
      );
      // The claim is undone with it: the token is refused by its generation from now on anyway.
      if (issued === undefined) throw new RefreshRefused('revoked', row.userId);
      return issued;
    });
    if (successor === 'reused') {
      // The claim also fails on a token revoked meanwhile (a reset or sign-out committed while this
      // refresh ran): a session that ended, not a reuse.
      const current = await this.tokens.findByHash(tokenHash);
      if (current === undefined || current.revokedAt !== null) {
        throw new RefreshRefused('revoked', row.userId);
      }
      await this.tokens.revokeFamily(row.familyId, now);
      throw new RefreshRefused('reused', row.userId);
    }
    return successor;
  }

  /** Ends one session (sign-out). */
  async revokeFamily(sessionId: string): Promise<void> {
    await this.tokens.revokeFamily(sessionId, this.clock.now());
  }

  /** Revokes every refresh token of a user (with the generation's move: sign-out everywhere, reset). */
  async revokeUser(userId: string, manager?: EntityManager): Promise<void> {
    await this.tokens.revokeUser(userId, this.clock.now(), manager);
  }

  /** The session of a refresh token, whatever its state (sign-out needs no valid token). */
  sessionOf(token: string): Promise<{ sessionId: string; userId: string } | undefined> {
    return this.tokens.sessionOf(sha256Hex(token));
  }
}

function withinReuseGrace(usedAt: Date, now: Date): boolean {
  return now.getTime() - usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
}
