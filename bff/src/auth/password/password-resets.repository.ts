import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, MoreThan } from 'typeorm';
import { PasswordResetToken } from './password-reset-token.entity.js';

/** Every statement on `password_reset_tokens`. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A newer link voids the older ones of the user. */
  async voidPending(userId: string, now: Date, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(PasswordResetToken)
      .update({ userId, usedAt: IsNull() }, { usedAt: now });
  }

  async insert(
    token: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
    manager: EntityManager,
  ): Promise<void> {
    await manager.getRepository(PasswordResetToken).insert({ ...token, usedAt: null });
  }

  /** The active account a usable token belongs to. */
  async holderOf(
    tokenHash: string,
    now: Date,
  ): Promise<{ userId: string; email: string } | undefined> {
    const token = await this.dataSource
      .getRepository(PasswordResetToken)
      .createQueryBuilder('t')
      .innerJoin('t.user', 'u', "u.status = 'active'")
      .addSelect(['u.id', 'u.email'])
      .where('t.tokenHash = :tokenHash AND t.usedAt IS NULL AND t.expiresAt > :now', {
        tokenHash,
        now,
      })
      .getOne();
    return token?.user === undefined
      ? undefined
      : { userId: token.user.id, email: token.user.email };
  }

  /** Uses the token in one atomic statement: true for exactly one of concurrent uses. */
  async consume(tokenHash: string, now: Date, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .getRepository(PasswordResetToken)
      .update({ tokenHash, usedAt: IsNull(), expiresAt: MoreThan(now) }, { usedAt: now });
    return result.affected === 1;
  }
}
