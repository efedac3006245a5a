import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AttachmentContentType, ClaimStatus } from '../claim-lifecycle.js';
import { EvidenceStore } from './evidence.store.js';

/** An attachment as the API shows it, with its uploader's name. */
export interface StoredAttachment {
  id: string;
  claimId: string;
  filename: string;
  contentType: AttachmentContentType;
  size: number;
  sha256: string;
  storageKey: string;
  uploadedBy: { id: string; name: string } | null;
  createdAt: Date;
}

/** A new attachment's facts; the bytes go to the evidence store. */
export interface NewAttachment {
  filename: string;
  contentType: AttachmentContentType;
  content: Buffer;
  sha256: string;
  uploadedByUserId: string;
  at: Date;
}

/** The claim an evidence change is about, read (and locked) in the change's transaction. */
export interface EvidenceClaim {
  status: ClaimStatus;
  attachmentCount: number;
}

interface AttachmentRow {
  id: string;
  claim_id: string;
  filename: string;
  content_type: AttachmentContentType;
  size: number;
  sha256: string;
  storage_key: string;
  uploaded_by_user_id: string | null;
  uploaded_by_name: string | null;
  created_at: Date;
}

const ATTACHMENT_COLUMNS = `a.id, a.claim_id, a.filename, a.content_type, a.size, a.sha256, a.storage_key,
  a.uploaded_by_user_id, u.name AS uploaded_by_name, a.created_at`;

function fromRow(row: AttachmentRow): StoredAttachment {
  return {
    id: row.id,
    claimId: row.claim_id,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    storageKey: row.storage_key,
    uploadedBy:
      row.uploaded_by_user_id === null
        ? null
        : { id: row.uploaded_by_user_id, name: row.uploaded_by_name ?? '' },
    createdAt: row.created_at,
  };
}

/** What an evidence change did, or why it did nothing. */
export type EvidenceChange<T> =
  | { done: true; value: T }
  | {
      done: false;
      reason: 'claim_not_found' | 'not_found' | 'closed' | 'full';
      claim?: EvidenceClaim;
    };

/**
 * Every statement on `claim_attachments` (and, through the store, on the evidence's bytes), scoped by
 * the partner. A change of a claim's evidence locks the claim's row first (`FOR NO KEY UPDATE`), so
 * that it is serialized with every other change of that claim (a transition's UPDATE, another upload):
 * the 10-per-claim limit and "only while draft or info requested" hold under concurrency.
 */
@Injectable()
export class ClaimAttachmentsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EvidenceStore,
  ) {}

  /** The claim's status and evidence count, without a lock: the early answer before a body is read. */
  claim(partnerId: string, claimId: string): Promise<EvidenceClaim | undefined> {
    return this.claimIn(this.dataSource.manager, partnerId, claimId, false);
  }

  private async claimIn(
    manager: EntityManager,
    partnerId: string,
    claimId: string,
    lock: boolean,
  ): Promise<EvidenceClaim | undefined> {
    const rows = (await manager.query(
      `SELECT c.status FROM claims c WHERE c.partner_id = $1 AND c.id = $2${lock ? ' FOR NO KEY UPDATE' : ''}`,
      [partnerId, claimId],
    )) as Array<{ status: ClaimStatus }>;
    const status = rows[0]?.status;
    if (status === undefined) return undefined;
    const counts = (await manager.query(
      `SELECT count(*)::integer AS count FROM claim_attachments WHERE partner_id = $1 AND claim_id = $2`,
      [partnerId, claimId],
    )) as Array<{ count: number }>;
    return { status, attachmentCount: counts[0]?.count ?? 0 };
  }

  /** The claim's attachments, oldest first (`claim_attachments_claim_idx`). */
  async list(partnerId: string, claimId: string): Promise<StoredAttachment[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${ATTACHMENT_COLUMNS}
         FROM claim_attachments a LEFT JOIN users u ON u.id = a.uploaded_by_user_id
        WHERE a.partner_id = $1 AND a.claim_id = $2
        ORDER BY a.created_at, a.id`,
      [partnerId, claimId],
    )) as AttachmentRow[];
    return rows.map(fromRow);
  }

  async one(
    partnerId: string,
    claimId: string,
    attachmentId: string,
  ): Promise<StoredAttachment | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT ${ATTACHMENT_COLUMNS}
         FROM claim_attachments a LEFT JOIN users u ON u.id = a.uploaded_by_user_id
        WHERE a.partner_id = $1 AND a.claim_id = $2 AND a.id = $3`,
      [partnerId, claimId, attachmentId],
    )) as AttachmentRow[];
    const row = rows[0];
    return row === undefined ? undefined : fromRow(row);
  }

  /**
   * Adds an attachment and its `attachment` event (body: the file name) in one transaction, the bytes
   * in the store in the same one; the claim's version does not change (docs/api.md). Refused, writing
   * nothing, when the claim is gone, no longer takes evidence, or holds `limit` files already.
   */
  add(
    partnerId: string,
    claimId: string,
    file: NewAttachment,
    open: (status: ClaimStatus) => boolean,
    limit: number,
  ): Promise<EvidenceChange<StoredAttachment>> {
    return this.changing(async (manager) => {
      // The bytes first, outside the claim's lock: a 10 MB write does not hold other changes up.
      const storageKey = await this.store.put(partnerId, file.content, manager);
      const claim = await this.claimIn(manager, partnerId, claimId, true);
      if (claim === undefined) return { done: false, reason: 'claim_not_found' };
      if (!open(claim.status)) return { done: false, reason: 'closed', claim };
      if (claim.attachmentCount >= limit) return { done: false, reason: 'full', claim };
      const inserted = (await manager.query(
        `INSERT INTO claim_attachments
           (partner_id, claim_id, filename, content_type, size, sha256, storage_key, uploaded_by_user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         RETURNING id`,
        [
          partnerId,
          claimId,
          file.filename,
          file.contentType,
          file.content.length,
          file.sha256,
          storageKey,
          file.uploadedByUserId,
          file.at,
        ],
      )) as Array<{ id: string }>;
      const id = inserted[0]?.id;
      if (id === undefined) throw new Error('INSERT … RETURNING returned no row');
      await this.addEvent(
        manager,
        partnerId,
        claimId,
        file.uploadedByUserId,
        file.filename,
        file.at,
      );
      const users = (await manager.query(`SELECT name FROM users WHERE id = $1`, [
        file.uploadedByUserId,
      ])) as Array<{ name: string }>;
      return {
        done: true,
        value: {
          id,
          claimId,
          filename: file.filename,
          contentType: file.contentType,
          size: file.content.length,
          sha256: file.sha256,
          storageKey,
          uploadedBy: { id: file.uploadedByUserId, name: users[0]?.name ?? '' },
          createdAt: file.at,
        },
      };
    });
  }

  /**
   * Removes an attachment, its bytes, and writes an `attachment` event (body: `Removed <name>`), in one
   * transaction; refused while the claim does not take evidence.
   */
  remove(
    partnerId: string,
    claimId: string,
    attachmentId: string,
    actorUserId: string,
    open: (status: ClaimStatus) => boolean,
    at: Date,
  ): Promise<EvidenceChange<StoredAttachment>> {
    return this.changing(async (manager) => {
      const claim = await this.claimIn(manager, partnerId, claimId, true);
      if (claim === undefined) return { done: false, reason: 'claim_not_found' };
      const rows = (await manager.query(
        `DELETE FROM claim_attachments a
          WHERE a.partner_id = $1 AND a.claim_id = $2 AND a.id = $3
          RETURNING a.id, a.claim_id, a.filename, a.content_type, a.size, a.sha256, a.storage_key,
                    a.uploaded_by_user_id, NULL::text AS uploaded_by_name, a.created_at`,
        [partnerId, claimId, attachmentId],
      )) as [AttachmentRow[], number] | AttachmentRow[];
      const row = deletedRows(rows)[0];
      if (row === undefined) return { done: false, reason: 'not_found' };
      if (!open(claim.status)) return { done: false, reason: 'closed', claim };
      await this.store.delete(partnerId, row.storage_key, manager);
      await this.addEvent(manager, partnerId, claimId, actorUserId, `Removed ${row.filename}`, at);
      return { done: true, value: fromRow(row) };
    });
  }

  private async addEvent(
    manager: EntityManager,
    partnerId: string,
    claimId: string,
    actorUserId: string,
    body: string,
    at: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body, at)
       VALUES ($1, $2, $3, 'attachment', $4, $5)`,
      [partnerId, claimId, actorUserId, body, at],
    );
  }

  /** Runs `work` in a transaction that commits only when the change was done. */
  private async changing<T>(
    work: (manager: EntityManager) => Promise<EvidenceChange<T>>,
  ): Promise<EvidenceChange<T>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const outcome = await work(manager);
        if (!outcome.done) throw new Refused(outcome);
        return outcome;
      });
    } catch (error) {
      if (error instanceof Refused) return error.outcome as EvidenceChange<T>;
      throw error;
    }
  }
}

/** Rolls a refused change's transaction back (the bytes already put included), carrying the answer. */
class Refused extends Error {
  constructor(readonly outcome: EvidenceChange<unknown>) {
    super('evidence change refused');
  }
}

/** TypeORM answers a DELETE … RETURNING as `[rows, count]` on PostgreSQL. */
function deletedRows(result: [AttachmentRow[], number] | AttachmentRow[]): AttachmentRow[] {
  const first = result[0];
  return Array.isArray(first) ? first : (result as AttachmentRow[]);
}
