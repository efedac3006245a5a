import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '#src/common/problem-details.js';
import type { MembershipRole } from '#src/partners/membership.entity.js';

/** The signed-in caller, as the JWT guard put it on the request. */
export interface AuthUser {
  id: string;
  sessionId: string;
  /** The credential generation of the access token (`gen`): it must still be the user's. */
  credentialGeneration: number;
  /** How the token came: a cookie (CSRF rules apply) or `Authorization: Bearer`. */
  source: 'cookie' | 'bearer';
  /**
   * Whether the user is staff, as the JWT guard's account check read it; undefined where that check
   * is delegated (the partner routes, whose guard reads it itself).
   */
  isStaff?: boolean;
  /**
   * A staff user's role in each partner they belong to, by partner slug, read by the same account
   * check (empty for anyone else; undefined where the check is delegated): separation of duties on
   * the staff routes (docs/product.md §3a).
   */
  staffRoles?: ReadonlyMap<string, MembershipRole>;
}

export type AuthenticatedRequest = FastifyRequest & { user?: AuthUser };

export function authUserOf(request: FastifyRequest): AuthUser | undefined {
  return (request as AuthenticatedRequest).user;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const user = authUserOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (user === undefined) throw new ProblemException(401, 'unauthorized', 'Sign in first.');
  return user;
});
