import { Injectable } from '@nestjs/common';
import { AuditService } from '#src/audit/audit.service.js';
import {
  type ApiKeyKind,
  type ApiKeyScope,
  SCOPES_OF_KIND,
} from '#src/auth/decorators/scopes.decorator.js';
import { Clock } from '#src/common/clock.js';
import { ListCursorCodec, type ListQuery, mapPage, type Page } from '#src/common/list/index.js';
import { ProblemException, type ProblemFieldError } from '#src/common/problem-details.js';
import { newOpaqueToken, sha256Hex } from '#src/common/token-hash.js';
import { Database } from '#src/database/database.js';
import { ApiKeysRepository, type ListedApiKey } from './api-keys.repository.js';
import type { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-keys.dto.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without `expiresAt`, a key lives 90 days; never more than a year (docs/product.md §3b). */
export const DEFAULT_KEY_TTL_MS = 90 * DAY_MS;
export const MAX_KEY_TTL_MS = 365 * DAY_MS;
export const API_KEY_PREFIX_LENGTH = 8;

export function apiKeyNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such API key.');
}

/** Who asks, and whose keys: a partner's (`partnerId`) or the network's (null). */
export interface KeyOwner {
  kind: ApiKeyKind;
  partnerId: string | null;
  userId: string;
  ip: string;
}

function invalid(errors: ProblemFieldError[]): ProblemException {
  return new ProblemException(400, 'validation', 'The request is invalid.', errors);
}

function toDto(key: ListedApiKey): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    createdBy:
      key.createdById === null ? null : { id: key.createdById, name: key.createdByName ?? '' },
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt.toISOString(),
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/**
 * API keys (docs/product.md §3b): created with a one-time token of which only the SHA-256 is kept,
 * listed without it, revoked at once. Partner keys by the partner's admins, network keys by staff;
 * each creation and revocation is audited.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    private readonly keys: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly cursors: ListCursorCodec,
  ) {}

  async list(partnerId: string | null, query: ListQuery): Promise<Page<ApiKeyDto>> {
    return mapPage(await this.keys.page(partnerId, query, this.cursors), toDto);
  }

  async create(owner: KeyOwner, body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    const now = this.clock.now();
    const scopes = [...body.scopes];
    const expiresAt = this.expiryOf(body.expiresAt, now);
    const allowed = SCOPES_OF_KIND[owner.kind];
    const foreign = scopes.filter((scope) => !allowed.includes(scope));
    if (foreign.length > 0) {
      throw invalid([
        {
          field: 'scopes',
          message: `A ${owner.kind} key may have only ${allowed.join(', ')} (not ${foreign.join(', ')})`,
        },
      ]);
    }
    const token = `ppk_${newOpaqueToken()}`;
    const created = await this.db.transaction(async (manager) => {
      const id = await this.keys.create(
        owner.partnerId,
        {
          kind: owner.kind,
          name: body.name,
          scopes: scopes as ApiKeyScope[],
          tokenHash: sha256Hex(token),
          prefix: token.slice(0, API_KEY_PREFIX_LENGTH),
          createdByUserId: owner.userId,
          createdAt: now,
          expiresAt,
        },
        manager,
      );
      await this.record(owner, 'api_key.created', id, manager, { scopes: scopes.join(' ') });
      return this.keys.find(owner.partnerId, id, manager);
    });
    if (created === undefined) throw new Error('The new API key was not found');
    return { ...toDto(created), token };
  }

  /** Revokes a key: refused from the next request on. 404 for another owner's key. */
  async revoke(owner: KeyOwner, id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      if (!(await this.keys.revoke(owner.partnerId, id, this.clock.now(), manager))) {
        throw apiKeyNotFound();
      }
      await this.record(owner, 'api_key.revoked', id, manager);
    });
  }

  private expiryOf(expiresAt: string | undefined, now: Date): Date {
    if (expiresAt === undefined) return new Date(now.getTime() + DEFAULT_KEY_TTL_MS);
    const at = new Date(expiresAt);
    if (Number.isNaN(at.getTime()) || at <= now) {
      throw invalid([{ field: 'expiresAt', message: 'expiresAt must be in the future' }]);
    }
    if (at.getTime() > now.getTime() + MAX_KEY_TTL_MS) {
      throw invalid([{ field: 'expiresAt', message: 'expiresAt must be at most 1 year ahead' }]);
    }
    return at;
  }

  private async record(
    owner: KeyOwner,
    action: 'api_key.created' | 'api_key.revoked',
    id: string,
    manager: Parameters<AuditService['recordForPartner']>[2],
    metadata?: Record<string, string>,
  ): Promise<void> {
    const entry = {
      action,
      actorUserId: owner.userId,
      target: `api_key:${id}`,
      ip: owner.ip,
      metadata,
    };
    if (owner.partnerId === null) {
      await this.audit.recordForNetwork(entry, manager);
    } else {
      await this.audit.recordForPartner(owner.partnerId, entry, manager);
    }
  }
}
