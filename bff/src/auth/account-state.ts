import { Injectable } from '@nestjs/common';
import { ProblemException } from '../common/problem-details.js';
import {
  type AccountCheck,
  type UserAccountState,
  UsersRepository,
} from '../users/users.repository.js';
import type { AuthUser } from './decorators/current-user.decorator.js';

/**
 * Whether an access token still speaks for its user: the user exists and is active, the token's session
 * has not been signed out (its refresh family revoked), and the token is of the user's current credential
 * generation (no sign-out everywhere or password reset since it was issued; docs/decisions.md, Identity).
 */
export function tokenStillValid(
  credentialGeneration: number,
  state: Pick<UserAccountState, 'status' | 'credentialGeneration' | 'sessionRevoked'> | undefined,
): boolean {
  if (state?.status !== 'active' || state.sessionRevoked) return false;
  return state.credentialGeneration === credentialGeneration;
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

  /**
   * Refuses an ended session (401); answers whether the user is staff and a staff user's roles in the
   * partners they belong to, read in the same statement.
   */
  async assertValid(user: AuthUser): Promise<Pick<AccountCheck, 'isStaff' | 'staffRoles'>> {
    const state = await this.users.accountState(user.id, user.sessionId);
    if (state === undefined || !tokenStillValid(user.credentialGeneration, state)) {
      throw sessionEnded();
    }
    return { isStaff: state.isStaff, staffRoles: state.staffRoles };
  }
}
