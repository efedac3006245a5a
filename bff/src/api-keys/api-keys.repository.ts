import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApiKeyKind, ApiKeyScope } from '#src/auth/decorators/scopes.decorator.js';
import {
  DeclaredListQuery,
  defineList,
  keysetPage,
  type ListCursorCodec,
  type ListFrom,
  type ListQuery,
  type Page,
} from '#src/common/list/index.js';
import { crossTenantRead } from '#src/database/cross-tenant.js';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { fields, read, type Row, selection, table, type ValueReader } from '#src/database/table.js';
import type { PartnerStatus } from '#src/partners/partner.entity.js';
import { ApiKey } from './api-key.entity.js';

/** The api_keys table (docs/decisions.md, Data layer). */
export const API_KEYS = table(ApiKey);

/** A partner's keys, or the network's (`GET …/api-keys`): newest first by default. */
export const API_KEY_LIST = defineList({
  id: 'api-keys',
  sortFields: { createdAt: 'k.created_at' },
  defaultSort: '-createdAt',
  idColumn: 'k.id',
});

const LISTED_TABLES: ListFrom = {
  table: 'api_keys',
  alias: 'k',
  joins: [{ join: 'left', table: 'users', alias: 'u', on: 'u.id = k.created_by_user_id' }],
};

/** A key as its list shows it: never its hash. */
const LISTED = selection(
  API_KEYS.select('k', [
    'id',
    'name',
    'scopes',
    'prefix',
    'createdAt',
    'lastUsedAt',
    'expiresAt',
    'revokedAt',
  ]),
  fields({
    createdById: ['u.id', read.nullable(read.text)],
    createdByName: ['u.name', read.nullable(read.text)],
  }),
);
export type ListedApiKey = ReturnType<typeof LISTED.read>;

/**
 * What authenticates a key: the key of a token hash and, on a partner route, the partner of the
 * route's slug when the key may be used on it (its own partner's, or any for a network key). The
 * hash picks the key, whichever partner it belongs to: the one read of this table that is not by
 * partner (docs/security.md, API keys).
 */
const KEY_AUTHENTICATION = crossTenantRead('api-key-authentication');
const PRINCIPAL = selection(
  API_KEYS.select('k', [
    'id',
    'partnerId',
    'kind',
    'name',
    'scopes',
    'expiresAt',
    'revokedAt',
    'lastUsedAt',
  ]),
  fields({
    routePartnerId: ['p.id', read.nullable(read.text)],
    routeSlug: ['p.slug', read.nullable(read.text)],
    routeName: ['p.name', read.nullable(read.text)],
    routeCurrency: ['p.currency', read.nullable(read.text)],
    routeTimeZone: ['p.time_zone', read.nullable(read.text)],
    routeStatus: ['p.status', read.nullable(read.text as ValueReader<PartnerStatus>)],
  }),
);
export type ApiKeyPrincipalRecord = ReturnType<typeof PRINCIPAL.read>;

export interface NewApiKey {
  kind: ApiKeyKind;
  name: string;
  scopes: ApiKeyScope[];
  tokenHash: string;
  prefix: string;
  createdByUserId: string;
  createdAt: Date;
  expiresAt: Date;
}

const readId = (row: Row): string => read.text(row.id, 'id');

/**
 * Every statement on `api_keys`. A partner's keys are reached by `(partner_id, id)`, the network's by
 * `partner_id IS NULL`; `principal` alone reads by the token's hash (authentication).
 */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  /**
   * The key of a token hash, revoked and expired ones included (the caller refuses them), with the
   * partner of `slug` when the key may reach it (undefined slug: no partner route).
   */
  principal(
    tokenHash: string,
    slug: string | undefined,
  ): Promise<ApiKeyPrincipalRecord | undefined> {
    return this.db.maybeOne(
      sql`${KEY_AUTHENTICATION.mark}SELECT ${PRINCIPAL.list}
            FROM api_keys k
            LEFT JOIN partners p
              ON p.slug = ${slug ?? null} AND (k.partner_id IS NULL OR p.id = k.partner_id)
           WHERE k.token_hash = ${tokenHash}`,
      PRINCIPAL.read,
    );
  }

  /** Records a use: at most one write a minute per key, however many requests it makes. */
  async touch(partnerId: string | null, id: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`UPDATE api_keys SET last_used_at = ${now}
           WHERE partner_id IS NOT DISTINCT FROM ${partnerId} AND id = ${id}
             AND (last_used_at IS NULL OR last_used_at < ${new Date(now.getTime() - 60_000)})`,
    );
  }

  /** One page of a partner's keys (`partnerId` null: the network's). */
  async page(
    partnerId: string | null,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ListedApiKey>> {
    const source = new DeclaredListQuery<ApiKey>({
      statement: partnerId === null ? 'network-api-keys' : 'partner-api-keys',
      dataSource: this.db.dataSource,
      select: LISTED,
      from: LISTED_TABLES,
      conditions: [
        partnerId === null
          ? { sql: 'k.partner_id IS NULL', parameters: {} }
          : { sql: 'k.partner_id = :partnerId', parameters: { partnerId } },
      ],
    });
    return keysetPage(source, {
      list: API_KEY_LIST,
      query,
      codec,
      boundTo: partnerId ?? 'network',
      read: LISTED.read,
    });
  }

  /** Answers the new key's id. */
  create(partnerId: string | null, key: NewApiKey, manager: EntityManager): Promise<string> {
    return this.db.one(
      sql`INSERT INTO api_keys
            (partner_id, kind, name, scopes, token_hash, prefix, created_by_user_id, created_at,
             expires_at)
          VALUES (${partnerId}, ${key.kind}, ${key.name}, ${key.scopes}, ${key.tokenHash},
                  ${key.prefix}, ${key.createdByUserId}, ${key.createdAt}, ${key.expiresAt})
          RETURNING id`,
      readId,
      manager,
    );
  }

  /** One key of a partner (null: of the network), revoked or not. */
  find(
    partnerId: string | null,
    id: string,
    manager?: EntityManager,
  ): Promise<ListedApiKey | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${LISTED.list} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by_user_id
           WHERE k.partner_id IS NOT DISTINCT FROM ${partnerId} AND k.id = ${id}`,
      LISTED.read,
      manager,
    );
  }

  /** Revokes a key of a partner (null: of the network); false when it has none with this id. */
  async revoke(
    partnerId: string | null,
    id: string,
    now: Date,
    manager: EntityManager,
  ): Promise<boolean> {
    const revoked = await this.db.execute(
      sql`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${now})
           WHERE partner_id IS NOT DISTINCT FROM ${partnerId} AND id = ${id}`,
      manager,
    );
    return revoked === 1;
  }
}

/**
 * The name an API key acts under in a partner's rows (`key: <name>`, docs/api.md, ClaimEvent), as
 * SQL beside a person's name: `COALESCE(u.name, keyActorNameSql('e.partner_id', 'e.actor_key_id'))`.
 * Only a partner's own keys write its claims (`claims:write`), so the key is looked up in that partner.
 * Looked up only for a row a key wrote: a row of a person who is gone (NULL name) costs no subquery.
 */
export function keyActorNameSql(partnerColumn: string, keyColumn: string): string {
  return `CASE WHEN ${keyColumn} IS NOT NULL THEN (SELECT 'key: ' || ak.name FROM api_keys ak
            WHERE ak.partner_id = ${partnerColumn} AND ak.id = ${keyColumn}) END`;
}
