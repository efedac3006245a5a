import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import type { UserStatus } from '#src/users/user.entity.js';
import { RefreshToken } from './refresh-token.entity.js';

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

/**
 * The guarded issue of a refresh token: inserted only while its user is active and still of the
 * credential generation the caller checked (a password reset or a sign-out everywhere committed since
 * then inserts nothing). One statement: no invalidation can fall between the check and the insert.
 */
const INSERT_IF_CURRENT_SQL = `INSERT INTO refresh_tokens
    (family_id, user_id, token_hash, created_at, expires_at, family_expires_at, credential_generation)
  SELECT $1, u.id, $3, $4, $5, $6, u.credential_generation
    FROM users u
   WHERE u.id = $2 AND u.credential_generation = $7 AND u.status = 'active'
  RETURNING id`;

/** Every statement on `refresh_tokens`. */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Inserts the token if its user is still active and of its credential generation (see above). */
  async insertIfCurrent(token: NewRefreshToken, manager: EntityManager): Promise<boolean> {
    const rows = (await manager.query(INSERT_IF_CURRENT_SQL, [
      token.familyId,
      token.userId,
      token.tokenHash,
      token.createdAt,
      token.expiresAt,
      token.familyExpiresAt,
      token.credentialGeneration,
    ])) as { id: string }[];
    return rows.length === 1;
  }

  async findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const token = await this.dataSource
      .getRepository(RefreshToken)
      .createQueryBuilder('t')
      .innerJoin('t.user', 'u')
      .addSelect(['u.status', 'u.credentialGeneration'])
      .where('t.tokenHash = :tokenHash', { tokenHash })
      .getOne();
    if (token?.user === undefined) return undefined;
    const { user, ...row } = token;
    return {
      ...row,
      user: { status: user.status, credentialGeneration: user.credentialGeneration },
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
    const result = await manager
      .getRepository(RefreshToken)
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'COALESCE(used_at, :now)' })
      .where('id = :id AND revoked_at IS NULL', { id })
      .andWhere('(used_at IS NULL OR used_at >= :earliest)', {
        earliest: new Date(now.getTime() - graceMs),
      })
      .setParameter('now', now)
      .execute();
    return result.affected === 1;
  }

  async revokeFamily(familyId: string, now: Date, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(RefreshToken)
      .update({ familyId, revokedAt: IsNull() }, { revokedAt: now });
  }

  async revokeUser(userId: string, now: Date, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(RefreshToken)
      .update({ userId, revokedAt: IsNull() }, { revokedAt: now });
  }

  /** The session (family) and user of a token, whatever its state. */
  async sessionOf(tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
    const token = await this.dataSource.getRepository(RefreshToken).findOne({
      select: { familyId: true, userId: true },
      where: { tokenHash },
    });
    return token === null ? undefined : { sessionId: token.familyId, userId: token.userId };
  }
}
