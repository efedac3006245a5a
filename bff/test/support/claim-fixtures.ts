import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ClaimStatus, ClaimType } from '#src/claims/claim-lifecycle.js';

/**
 * Claims of a partner inserted straight into the tables (not through the API), for tests of what hangs
 * off a claim (evidence, timeline) that need a claim in a given status without walking the lifecycle.
 * Numbers come from `claim_number_counters` as the API takes them: gap-free per partner.
 */
export interface ClaimSeed {
  type?: ClaimType;
  status?: ClaimStatus;
  itemId?: string | null;
  movementId?: string | null;
  quantity?: number;
  unitValue?: number;
  currency?: string;
  /** `YYYY-MM-DD`; default: today (UTC). */
  incidentDate?: string;
  description?: string;
  createdByUserId?: string | null;
  version?: number;
}

export interface InsertedClaim {
  id: string;
  number: number;
  status: ClaimStatus;
  version: number;
}

export async function insertClaim(
  dataSource: DataSource,
  partnerId: string,
  seed: ClaimSeed = {},
): Promise<InsertedClaim> {
  const type = seed.type ?? 'other';
  const status = seed.status ?? 'draft';
  const quantity = seed.quantity ?? 1;
  const unitValue = seed.unitValue ?? 1000;
  return dataSource.transaction(async (manager) => {
    const counters = (await manager.query(
      `INSERT INTO claim_number_counters (partner_id, last_number) VALUES ($1, 1)
       ON CONFLICT (partner_id) DO UPDATE SET last_number = claim_number_counters.last_number + 1
       RETURNING last_number`,
      [partnerId],
    )) as Array<{ last_number: number }>;
    const number = counters[0]?.last_number;
    if (number === undefined) throw new Error('no claim number');
    const decided = ['approved', 'rejected', 'paid'].includes(status);
    const rows = (await manager.query(
      `INSERT INTO claims (partner_id, number, type, status, item_id, movement_id, quantity, unit_value,
         amount_claimed, amount_approved, currency, incident_date, description, created_by_user_id,
         submitted_at, decided_at, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       RETURNING id, version`,
      [
        partnerId,
        number,
        type,
        status,
        seed.itemId ?? null,
        seed.movementId ?? null,
        quantity,
        unitValue,
        quantity * unitValue,
        decided && status !== 'rejected' ? quantity * unitValue : null,
        seed.currency ?? 'EUR',
        seed.incidentDate ?? new Date().toISOString().slice(0, 10),
        seed.description ?? `A test claim ${randomUUID()}`,
        seed.createdByUserId ?? null,
        status === 'draft' ? null : new Date(),
        decided ? new Date() : null,
        seed.version ?? 1,
      ],
    )) as Array<{ id: string; version: number }>;
    const row = rows[0];
    if (row === undefined) throw new Error('no claim inserted');
    await manager.query(
      `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body) VALUES ($1, $2, $3, 'created', NULL)`,
      [partnerId, row.id, seed.createdByUserId ?? null],
    );
    return { id: row.id, number, status, version: row.version };
  });
}

/** Sets a claim's status straight in the table (a test's shortcut through the lifecycle). */
export async function setClaimStatus(
  dataSource: DataSource,
  partnerId: string,
  claimId: string,
  status: ClaimStatus,
): Promise<void> {
  await dataSource.query(`UPDATE claims SET status = $3 WHERE partner_id = $1 AND id = $2`, [
    partnerId,
    claimId,
    status,
  ]);
}

/** One part of a `multipart/form-data` body. */
export interface FormPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  /** Default: application/octet-stream for a file, none for a field. */
  contentType?: string;
  content: Buffer | string;
}

/** A `multipart/form-data` body as a browser sends it (names in UTF-8, quotes escaped). */
export function multipartBody(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const quoted = (text: string) =>
    text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${quoted(part.filename)}"`;
    head += '\r\n';
    const contentType =
      part.contentType ?? (part.filename !== undefined ? 'application/octet-stream' : undefined);
    if (contentType !== undefined) head += `Content-Type: ${contentType}\r\n`;
    head += '\r\n';
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** The multipart body of one evidence file in the field `file`. */
export function evidenceForm(
  filename: string,
  content: Buffer,
  contentType?: string,
): { payload: Buffer; headers: Record<string, string> } {
  return multipartBody([{ name: 'file', filename, content, contentType }]);
}

/** An attachment of a claim, its bytes in `claim_evidence_blobs` (the default store), straight in. */
export async function insertAttachment(
  dataSource: DataSource,
  partnerId: string,
  claimId: string,
  file: { filename?: string; content: Buffer; contentType?: string },
): Promise<string> {
  return dataSource.transaction(async (manager) => {
    const blobs = (await manager.query(
      `INSERT INTO claim_evidence_blobs (partner_id, content) VALUES ($1, $2) RETURNING id`,
      [partnerId, file.content],
    )) as Array<{ id: string }>;
    const rows = (await manager.query(
      `INSERT INTO claim_attachments (partner_id, claim_id, filename, content_type, size, sha256, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        partnerId,
        claimId,
        file.filename ?? 'evidence.png',
        file.contentType ?? 'image/png',
        file.content.length,
        createHash('sha256').update(file.content).digest('hex'),
        blobs[0]?.id,
      ],
    )) as Array<{ id: string }>;
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('no attachment inserted');
    return id;
  });
}
