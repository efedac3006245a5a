import type { FastifyRequest } from 'fastify';
import { authUserOf } from '../auth/decorators/current-user.decorator.js';
import type { PartnerScopedRequest } from '../partners/decorators/current-partner.decorator.js';

/**
 * Who an `Idempotency-Key` belongs to (docs/api.md, Idempotency-Key): keys are kept per caller, so
 * two callers never see each other's answers. `user:<id>` for a signed-in person, `key:<id>` for an
 * API key (docs/api.md, API keys: the partner guard put it on the request). Undefined for an
 * anonymous request: its key is ignored.
 */
export function idempotencyCaller(request: FastifyRequest): string | undefined {
  const key = (request as PartnerScopedRequest).partnerContext?.apiKey;
  if (key !== undefined && key !== null) return `key:${key.id}`;
  const user = authUserOf(request);
  if (user !== undefined) return `user:${user.id}`;
  return undefined;
}
