import { Injectable } from '@nestjs/common';
import { ProblemException } from '../common/problem-details.js';
import { UsersRepository } from '../users/users.repository.js';
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

/**
 * The account check of the JWT guard, for every route that does not hand it to another guard (see
 * `@AccountCheckedBy()`: the partner guard checks the account in its one query).
 */
@Injectable()
export class AccountState {
  constructor(private readonly users: UsersRepository) {}

  async assertValid(user: AuthUser): Promise<void> {
    const state = await this.users.accountState(user.id);
    if (!tokenStillValid(user.issuedAt, state?.status, state?.tokensValidAfter))
      throw sessionEnded();
  }
}
