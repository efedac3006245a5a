import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MembershipRole } from '../membership.entity.js';
import type { PartnerSummary } from '../partners.repository.js';

/** The partner of the route and the caller's access to it, resolved once by the partner guard. */
export interface PartnerContext {
  partner: PartnerSummary;
  /** The caller's role; null for staff who are not members. */
  role: MembershipRole | null;
  isStaff: boolean;
  userId: string;
}

export type PartnerScopedRequest = FastifyRequest & { partnerContext?: PartnerContext };

export const CurrentPartner = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const partnerContext = context.switchToHttp().getRequest<PartnerScopedRequest>().partnerContext;
  if (partnerContext === undefined) {
    throw new Error('CurrentPartner used on a route without :partnerSlug');
  }
  return partnerContext;
});
