import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiKeyAuthenticator,
  apiKeyTokenOf,
  insufficientScope,
} from '#src/api-keys/api-key-authenticator.js';
import { ProblemException } from '#src/common/problem-details.js';
import { sha256Hex } from '#src/common/token-hash.js';
import { AccountState } from '../account-state.js';
import { ACCOUNT_CHECK_DELEGATED, IS_PUBLIC } from '../decorators/public.decorator.js';
import { authUserOf } from '../decorators/current-user.decorator.js';
import type { ApiKeyRequest } from '../decorators/scopes.decorator.js';
import { LIMITS, AuthRateLimiter } from '../throttling/auth-rate-limiter.js';

/**
 * The global guard (APP_GUARD): every route needs a valid access JWT, from the cookie or
 * `Authorization: Bearer`, unless it is `@Public()`. Then the account must still be active and the
 * token not older than its last sign-out-everywhere or password reset: checked here, unless the route
 * hands that check to a later guard (`@AccountCheckDelegated()`, set by the partner routes' decorator).
 *
 * `Authorization: Bearer ppk_…` is an API key (docs/api.md, API keys), counted against its own rate
 * limit first. On a partner route the partner guard authenticates it, in the statement that finds the
 * partner; on any other route no key is allowed: 401 when unknown, revoked or expired, else 403
 * `insufficient_scope`.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly accounts: AccountState,
    private readonly keys: ApiKeyAuthenticator,
    private readonly limiter: AuthRateLimiter,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true) return true;
    const request = context.switchToHttp().getRequest<ApiKeyRequest>();
    const keyToken = apiKeyTokenOf(request.headers.authorization);
    if (keyToken !== undefined) {
      await this.limiter.hit(LIMITS.apiKey, sha256Hex(keyToken));
      if (this.reflector.getAllAndOverride<boolean>(ACCOUNT_CHECK_DELEGATED, targets) === true) {
        request.apiKeyToken = keyToken;
        return true;
      }
      await this.keys.authenticate(keyToken, undefined);
      throw insufficientScope();
    }
    await super.canActivate(context);
    const user = authUserOf(request);
    if (user === undefined) throw unauthorized();
    if (this.reflector.getAllAndOverride<boolean>(ACCOUNT_CHECK_DELEGATED, targets) !== true) {
      // What the staff routes' guard decides on, read with the account (`staff/staff-only.guard.ts`),
      // and what separation of duties reads there (the staff queue's `allowedActions`).
      const { isStaff, staffRoles } = await this.accounts.assertValid(user);
      user.isStaff = isStaff;
      user.staffRoles = staffRoles;
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
