import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sqlStateOf } from '../common/outage.js';
import { Database } from '../database/database.js';
import { prepared, raw, sql } from '../database/sql.js';
import { table } from '../database/table.js';
import { IdempotencyKey } from './idempotency-key.entity.js';

/** The table of this feature (docs/decisions.md, Data access). */
export const IDEMPOTENCY_KEYS = table(IdempotencyKey);

const KEPT = IDEMPOTENCY_KEYS.select('k', [
  'fingerprint',
  'status',
  'responseStatus',
  'responseContentType',
  'responseEtag',
  'responseLocation',
  'responseBody',
]);
/** A live key: the fingerprint of the request it was first sent with and, once completed, its answer. */
export type KeptRequest = ReturnType<typeof KEPT.read>;

/** A caller's key. */
export interface CallerKey {
  caller: string;
  key: string;
}

/** A key and the request sent with it. */
export interface KeyedRequest extends CallerKey {
  method: string;
  path: string;
  fingerprint: string;
}

/** The answer stored for a key. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  etag: string | null;
  location: string | null;
  body: string;
}

// Taken when new, or when the row left under the key has expired (its 24 hours are over): in one
// statement, so that of concurrent requests exactly one gets the row back.
const TAKE = prepared<KeyedRequest & { now: Date; expiresAt: Date }>(
  (p) => sql`INSERT INTO idempotency_keys AS k
            (caller, key, request_method, request_path, fingerprint, status, created_at, expires_at)
          VALUES (${p.caller}, ${p.key}, ${p.method}, ${p.path}, ${p.fingerprint}, 'in_progress',
                  ${p.now}, ${p.expiresAt})
          ON CONFLICT ON CONSTRAINT idempotency_keys_pkey DO UPDATE SET
            request_method = EXCLUDED.request_method, request_path = EXCLUDED.request_path,
            fingerprint = EXCLUDED.fingerprint, status = 'in_progress', response_status = NULL,
            response_content_type = NULL, response_etag = NULL, response_location = NULL,
            response_body = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
          WHERE k.expires_at <= EXCLUDED.created_at
          RETURNING k.key`,
);

const FIND = prepared<CallerKey & { now: Date }>(
  (p) => sql`SELECT ${KEPT.list} FROM idempotency_keys k
              WHERE k.caller = ${p.caller} AND k.key = ${p.key} AND k.expires_at > ${p.now}`,
);

const COMPLETE = prepared<CallerKey & StoredAnswer>(
  (p) => sql`UPDATE idempotency_keys SET status = 'completed', response_status = ${p.status},
            response_content_type = ${p.contentType}, response_etag = ${p.etag},
            response_location = ${p.location}, response_body = ${p.body}
          WHERE caller = ${p.caller} AND key = ${p.key} AND status = 'in_progress'`,
);

const DELETE_EXPIRED = prepared<{ now: Date }>(
  (p) => sql`DELETE FROM idempotency_keys WHERE expires_at <= ${p.now}`,
);

/** PostgreSQL's `lock_not_available`: a `lock_timeout` ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/** Whether a statement failed because `lock_timeout` ran out. */
export function isLockTimeout(error: unknown): boolean {
  return sqlStateOf(error) === LOCK_NOT_AVAILABLE;
}

/**
 * The `idempotency_keys` table (docs/api.md, Idempotency-Key). Every method runs in the transaction
 * of the request that holds the key (`manager`): the key's row and the change it answers for commit
 * together.
 */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the key for this request (`in_progress`, in `manager`'s transaction): false when a row
   * committed under it holds it. While another request's transaction holds it, this waits for that
   * one to end, at most `waitMs` (then throws: `isLockTimeout`).
   */
  async take(
    request: KeyedRequest,
    now: Date,
    expiresAt: Date,
    waitMs: number,
    manager: EntityManager,
  ): Promise<boolean> {
    await this.db.execute(
      sql`SET LOCAL lock_timeout = ${raw(`'${Math.trunc(waitMs)}ms'`)}`,
      manager,
    );
    const taken = await this.db.execute(TAKE({ ...request, now, expiresAt }), manager);
    await this.db.execute(sql`SET LOCAL lock_timeout TO DEFAULT`, manager);
    return taken === 1;
  }

  /** The live row of the key, if any (an expired one is as good as gone). */
  find(key: CallerKey, now: Date, manager: EntityManager): Promise<KeptRequest | undefined> {
    return this.db.maybeOne(FIND({ ...key, now }), KEPT.read, manager);
  }

  /** Stores the first answer of a key this request took, in the request's transaction. */
  async complete(key: CallerKey, answer: StoredAnswer, manager: EntityManager): Promise<void> {
    await this.db.execute(COMPLETE({ ...key, ...answer }), manager);
  }

  /** Deletes the rows whose 24 hours are over; how many. */
  deleteExpired(now: Date): Promise<number> {
    return this.db.execute(DELETE_EXPIRED({ now }));
  }
}
