import type { FastifyRequest } from 'fastify';
import { authUserOf } from '../auth/decorators/current-user.decorator.js';

/**
 * Who an `Idempotency-Key` belongs to (docs/api.md, Idempotency-Key): keys are kept per caller, so
 * two callers never see each other's answers. `user:<id>` for a signed-in person; another kind of
 * principal (an API key) is one more line here. Undefined for an anonymous request: its key is
 * ignored.
 */
export function idempotencyCaller(request: FastifyRequest): string | undefined {
  const user = authUserOf(request);
  if (user !== undefined) return `user:${user.id}`;
  return undefined;
}
