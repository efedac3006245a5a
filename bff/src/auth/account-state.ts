import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProblemException } from '../common/problem-details.js';
import { preparedQuery } from '../database/prepared-query.js';
import type { AuthUser } from './decorators/current-user.decorator.js';

/**
 * Whether an access token still speaks for its user: the user exists and is active, and the token was
 * issued no earlier than the user's tokens-valid-after second (sign-out everywhere, password reset).
 */
export function tokenStillValid(
  issuedAtSeconds: number,
  status: string | null | undefined,
  tokensValidAfter: Date | null | undefined,
): boolean {
  if (status !== 'active') return false;
  if (tokensValidAfter === null || tokensValidAfter === undefined) return true;
  return issuedAtSeconds >= Math.ceil(tokensValidAfter.getTime() / 1000);
}

export function sessionEnded(): ProblemException {
  return new ProblemException(401, 'unauthorized', 'Sign in first: the session has ended.');
}

/** The account check of routes outside a partner (the partner guard does its own, in its one query). */
@Injectable()
export class AccountState {
  constructor(private readonly dataSource: DataSource) {}

  async assertValid(user: AuthUser): Promise<void> {
    const rows = await preparedQuery<{ status: string; tokens_valid_after: Date | null }>(
      this.dataSource,
      'account_state',
      `SELECT status, tokens_valid_after FROM users WHERE id = $1`,
      [user.id],
    );
    const row = rows[0];
    if (!tokenStillValid(user.issuedAt, row?.status, row?.tokens_valid_after)) throw sessionEnded();
  }
}
