import {
  applyDecorators,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { authUserOf } from '#src/auth/decorators/current-user.decorator.js';
import { ProblemDetails, ProblemException } from '#src/common/problem-details.js';
import { KeysNever } from '#src/auth/decorators/scopes.decorator.js';

export const STAFF_ROUTE = 'staff:route';
export const STAFF_ROUTE_PREFIX = 'api/staff';

/**
 * The guard of every /api/staff/* route (docs/api.md, "The staff workspace"): after the global JWT
 * guard, which refuses a signed-out caller (401) and reads whether the account is staff in its account
 * check (one statement, on every request: a user who stops being staff is refused at once), it refuses
 * a signed-in user who is not staff: 403 `forbidden`. No second check of its own.
 */
@Injectable()
export class StaffOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = authUserOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (user === undefined) throw new ProblemException(401, 'unauthorized', 'Sign in first.');
    // Undefined where the JWT guard did not check the account: never a staff route, refused all the same.
    if (user.isStaff !== true) {
      throw new ProblemException(403, 'forbidden', 'Only the network’s staff may do this.');
    }
    return true;
  }
}

/**
 * The controller of staff routes: `api/staff/<path>`, behind StaffOnlyGuard. The only way to declare
 * one: StaffModule refuses to start when a route under /api/staff/ is declared otherwise.
 */
export function StaffController(path?: string): ClassDecorator {
  return applyDecorators(
    Controller(path === undefined ? STAFF_ROUTE_PREFIX : `${STAFF_ROUTE_PREFIX}/${path}`),
    SetMetadata(STAFF_ROUTE, true),
    // No API key reaches a staff route (the JWT guard refuses keys outside the partner routes).
    KeysNever(),
    UseGuards(StaffOnlyGuard),
    ApiTags('staff'),
    ApiBearerAuth('bearer'),
    ApiCookieAuth('cookie'),
    ApiUnauthorizedResponse({ type: ProblemDetails, description: 'Not signed in.' }),
    ApiForbiddenResponse({
      type: ProblemDetails,
      description: 'Signed in, but not staff (`code: forbidden`).',
    }),
  );
}
