import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

/** What an API key may be granted (docs/product.md §3b; docs/api.md, API keys). */
export const API_KEY_SCOPES = [
  'inventory:read',
  'claims:read',
  'claims:write',
  'movements:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The two kinds of key and the scopes each may hold: a partner's, or the network's (staff's). */
export const API_KEY_KINDS = ['partner', 'network'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];
export const SCOPES_OF_KIND: Record<ApiKeyKind, readonly ApiKeyScope[]> = {
  partner: ['inventory:read', 'claims:read', 'claims:write'],
  network: ['movements:write', 'claims:read'],
};

export const API_KEY_SCOPES_METADATA = 'auth:api-key-scopes';

/**
 * The scope an API key needs for this route (docs/api.md, API keys): `[]` (`@KeysNever()`) for routes
 * no key ever reaches. Every partner route declares one or the other: PartnersModule refuses to start
 * otherwise. Outside the partner routes, keys are refused by the JWT guard on every route.
 */
export const Scopes = (scope: ApiKeyScope): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(API_KEY_SCOPES_METADATA, [scope]),
    ApiExtension('x-scopes', [scope]),
    ApiBearerAuth('apiKey'),
  );

/** No API key reaches this route, whatever its scopes: identity, members, keys, staff-only work. */
export const KeysNever = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(API_KEY_SCOPES_METADATA, []), ApiExtension('x-scopes', []));

/** The key a request authenticated with, as the guards put it on the request. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  kind: ApiKeyKind;
  /** The key's partner; null for a network key. */
  partnerId: string | null;
  scopes: readonly ApiKeyScope[];
}

/** The name a key goes by in timelines and the audit log (docs/api.md, ClaimEvent). */
export function keyActorName(name: string): string {
  return `key: ${name}`;
}

/** A request that sent an API key, as the JWT guard leaves it for the partner guard. */
export type ApiKeyRequest = FastifyRequest & { apiKeyToken?: string };
