import { Injectable } from '@nestjs/common';
import type { ApiKeyCaller } from '#src/auth/decorators/scopes.decorator.js';
import { Clock } from '#src/common/clock.js';
import { ProblemException } from '#src/common/problem-details.js';
import { sha256Hex } from '#src/common/token-hash.js';
import type { PartnerSummary } from '#src/partners/partners.repository.js';
import { ApiKeysRepository } from './api-keys.repository.js';

/** An API key's token: `ppk_` and 32 random bytes, base64url (43 characters). */
export const API_KEY_TOKEN = /^ppk_[A-Za-z0-9_-]{43}$/;

/** The token of `Authorization: Bearer ppk_…`, or undefined when the request sends none. */
export function apiKeyTokenOf(authorization: string | undefined): string | undefined {
  if (authorization?.startsWith('Bearer ppk_') !== true) return undefined;
  return authorization.slice('Bearer '.length);
}

export function keyRefused(): ProblemException {
  return new ProblemException(401, 'unauthorized', 'Unknown, revoked or expired API key.');
}

export function insufficientScope(): ProblemException {
  return new ProblemException(
    403,
    'insufficient_scope',
    'The API key’s scopes do not allow this route.',
  );
}

/**
 * Authenticates an API key (docs/api.md, API keys): one statement reads the key of the token's hash
 * and, on a partner route, the partner it may reach there; an unknown, revoked or expired key is 401.
 * A use is written to `last_used_at` at most once a minute.
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly clock: Clock,
  ) {}

  async authenticate(
    token: string,
    slug: string | undefined,
  ): Promise<{ key: ApiKeyCaller; partner: PartnerSummary | undefined }> {
    if (!API_KEY_TOKEN.test(token)) throw keyRefused();
    const found = await this.keys.principal(sha256Hex(token), slug);
    const now = this.clock.now();
    if (found === undefined || found.revokedAt !== null || found.expiresAt <= now) {
      throw keyRefused();
    }
    if (found.lastUsedAt === null || now.getTime() - found.lastUsedAt.getTime() >= 60_000) {
      await this.keys.touch(found.partnerId, found.id, now);
    }
    const partner =
      found.routePartnerId === null ||
      found.routeSlug === null ||
      found.routeName === null ||
      found.routeCurrency === null ||
      found.routeTimeZone === null ||
      found.routeStatus === null
        ? undefined
        : {
            id: found.routePartnerId,
            slug: found.routeSlug,
            name: found.routeName,
            currency: found.routeCurrency.trim(),
            timeZone: found.routeTimeZone,
            status: found.routeStatus,
          };
    const key = {
      id: found.id,
      name: found.name,
      kind: found.kind,
      partnerId: found.partnerId,
      scopes: found.scopes,
    };
    return { key, partner };
  }
}
