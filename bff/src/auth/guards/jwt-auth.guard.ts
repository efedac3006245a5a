import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '#src/common/problem-details.js';
import { AccountState } from '../account-state.js';
import { ACCOUNT_CHECK_DELEGATED, IS_PUBLIC } from '../decorators/public.decorator.js';
import { authUserOf } from '../decorators/current-user.decorator.js';

/**
 * The global guard (APP_GUARD): every route needs a valid access JWT, from the cookie or
 * `Authorization: Bearer`, unless it is `@Public()`. Then the account must still be active and the
 * token not older than its last sign-out-everywhere or password reset: checked here, unless the route
 * hands that check to a later guard (`@AccountCheckDelegated()`, set by the partner routes' decorator).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly accounts: AccountState,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true) return true;
    await super.canActivate(context);
    const user = authUserOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (user === undefined) throw unauthorized();
    if (this.reflector.getAllAndOverride<boolean>(ACCOUNT_CHECK_DELEGATED, targets) !== true) {
      // What the staff routes' guard decides on, read with the account (`staff/staff-only.guard.ts`).
      user.isStaff = (await this.accounts.assertValid(user)).isStaff;
    }
    return true;
  }

  override handleRequest<TUser>(error: unknown, user: unknown): TUser {
    if (error !== null && error !== undefined) throw unauthorized();
    if (user === false || user === undefined || user === null) throw unauthorized();
    return user as TUser;
  }
}

function unauthorized(): ProblemException {
  return new ProblemException(401, 'unauthorized', 'Sign in first.');
}
