import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../database/columns.js';

export type IdempotencyStatus = 'in_progress' | 'completed';

/**
 * One `Idempotency-Key` of one caller (docs/api.md, Idempotency-Key): the request it was first sent
 * with (method, path, body fingerprint) and, once that request has been answered, the answer to
 * replay. The key is the guarantee: the first request inserts the row (`in_progress`, INSERT … ON
 * CONFLICT), so of concurrent retries exactly one runs. Not a tenant table: a caller is a principal
 * (`user:<id>`), whatever partner its requests touch; the path names the partner.
 */
@Entity({ name: 'idempotency_keys' })
@Check('idempotency_keys_status_check', `"status" IN ('in_progress', 'completed')`)
// The cleanup job's expired rows (migration 1796860000000-idempotency-keys).
@Index('idempotency_keys_expires_at_idx', ['expiresAt'])
export class IdempotencyKey {
  /** The principal: `user:<id>` (idempotency-caller.ts). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'idempotency_keys_pkey' })
  caller!: string;

  /** The header's value, 1–255 visible ASCII characters. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'idempotency_keys_pkey' })
  key!: string;

  @Column({ name: 'request_method', type: 'text' })
  requestMethod!: string;

  /** The request's path and query, as sent. */
  @Column({ name: 'request_path', type: 'text' })
  requestPath!: string;

  /** SHA-256 (hex) of the method, path and canonical JSON body: another request under the key is refused. */
  @Column({ type: 'text' })
  fingerprint!: string;

  @Column({ type: 'text' })
  status!: IdempotencyStatus;

  /** The first answer, once given (null while `in_progress`). */
  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'response_content_type', type: 'text', nullable: true })
  responseContentType!: string | null;

  @Column({ name: 'response_etag', type: 'text', nullable: true })
  responseEtag!: string | null;

  @Column({ name: 'response_location', type: 'text', nullable: true })
  responseLocation!: string | null;

  /** The body as sent (empty for a 204). */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody!: string | null;

  @TimestampColumn('created_at')
  createdAt!: Date;

  /** 24 hours after `created_at`: from then on the key is free again and the cleanup job deletes the row. */
  @TimestampColumn('expires_at')
  expiresAt!: Date;
}
