import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyCaller } from '#src/auth/decorators/scopes.decorator.js';
import type { MembershipRole } from '../membership.entity.js';
import type { PartnerSummary } from '../partners.repository.js';

/** The partner of the route and the caller's access to it, resolved once by the partner guard. */
export interface PartnerContext {
  partner: PartnerSummary;
  /**
   * The caller's role; null for staff who are not members. An API key acts with a manager's rights
   * on claims when it has `claims:write`, else a viewer's (docs/api.md, API keys): never staff's.
   */
  role: MembershipRole | null;
  isStaff: boolean;
  /** The person who calls; null for an API key. */
  userId: string | null;
  /** The API key that calls; null for a person. */
  apiKey: ApiKeyCaller | null;
}

export type PartnerScopedRequest = FastifyRequest & { partnerContext?: PartnerContext };

export const CurrentPartner = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const partnerContext = context.switchToHttp().getRequest<PartnerScopedRequest>().partnerContext;
  if (partnerContext === undefined) {
    throw new Error('CurrentPartner used on a route without :partnerSlug');
  }
  return partnerContext;
});

/** Who acts, as the rows that record it name them: a person or an API key (docs/api.md, API keys). */
export function actorOf(context: PartnerContext): {
  actorUserId: string | null;
  actorKeyId: string | null;
} {
  return { actorUserId: context.userId, actorKeyId: context.apiKey?.id ?? null };
}

/** The person of a route no API key reaches (`@KeysNever()`): the partner guard saw to it. */
export function personOf(context: PartnerContext): string {
  if (context.userId === null) throw new Error('An API key reached a route keys never reach');
  return context.userId;
}
