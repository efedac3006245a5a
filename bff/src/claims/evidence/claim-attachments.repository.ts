import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { fields, read, type Row, selection, table } from '#src/database/table.js';
import { ClaimAttachment } from '../claim-attachment.entity.js';
import type { AttachmentContentType, ClaimStatus } from '../claim-lifecycle.js';
import { EvidenceStore } from './evidence.store.js';
import { keyActorNameSql } from '#src/api-keys/api-keys.repository.js';
import type { ClaimActorIds } from '../claims.repository.js';

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
  uploadedBy: ClaimActorIds;
  at: Date;
}

/** The claim an evidence change is about, read (and locked) in the change's transaction. */
export interface EvidenceClaim {
  status: ClaimStatus;
  attachmentCount: number;
}

/** The claim_attachments table (docs/decisions.md, Data layer). */
export const CLAIM_ATTACHMENTS = table(ClaimAttachment);

/** An attachment's row (`a`) and its uploader's name (`u`). */
const ATTACHMENT = selection(
  CLAIM_ATTACHMENTS.select('a', [
    'id',
    'claimId',
    'filename',
    'contentType',
    'size',
    'sha256',
    'storageKey',
    'uploadedByUserId',
    'uploadedByKeyId',
    'createdAt',
  ]),
  fields({
    uploadedByName: [
      `COALESCE(u.name, ${keyActorNameSql('a.partner_id', 'a.uploaded_by_key_id')})`,
      read.nullable(read.text),
    ],
  }),
);

function fromRow(row: Row): StoredAttachment {
  const { uploadedByUserId, uploadedByKeyId, uploadedByName, ...attachment } = ATTACHMENT.read(row);
  const uploader = uploadedByUserId ?? uploadedByKeyId;
  return {
    ...attachment,
    uploadedBy: uploader === null ? null : { id: uploader, name: uploadedByName ?? '' },
  };
}

const readEvidenceClaim = (row: Row): EvidenceClaim => ({
  status: read.text(row.status, 'status') as ClaimStatus,
  attachmentCount: read.integer(row.attachmentCount, 'attachmentCount'),
});

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
    private readonly db: Database,
    private readonly store: EvidenceStore,
  ) {}

  /** The claim's status and evidence count, without a lock: the early answer before a body is read. */
  claim(partnerId: string, claimId: string): Promise<EvidenceClaim | undefined> {
    return this.claimIn(undefined, partnerId, claimId, false);
  }

  private async claimIn(
    manager: EntityManager | undefined,
    partnerId: string,
    claimId: string,
    lock: boolean,
  ): Promise<EvidenceClaim | undefined> {
    if (!lock) {
      // The early check: one statement, the count beside the status.
      return this.db.maybeOne(
        sql`SELECT c.status,
                   (SELECT count(*)::integer FROM claim_attachments a
                     WHERE a.partner_id = c.partner_id AND a.claim_id = c.id) AS "attachmentCount"
              FROM claims c
             WHERE c.partner_id = ${partnerId} AND c.id = ${claimId}`,
        readEvidenceClaim,
        manager,
      );
    }
    // Under the lock, two statements: a count in the locking statement would read the snapshot taken
    // before it waited for the lock, and miss the files of the uploads it waited for (READ COMMITTED).
    const status = await this.db.maybeOne(
      sql`SELECT c.status FROM claims c
           WHERE c.partner_id = ${partnerId} AND c.id = ${claimId} FOR NO KEY UPDATE`,
      (row) => read.text(row.status, 'status') as ClaimStatus,
      manager,
    );
    if (status === undefined) return undefined;
    const attachmentCount = await this.db.one(
      sql`SELECT count(*)::integer AS count FROM claim_attachments a
           WHERE a.partner_id = ${partnerId} AND a.claim_id = ${claimId}`,
      (row) => read.integer(row.count, 'count'),
      manager,
    );
    return { status, attachmentCount };
  }

  /** The claim's attachments, oldest first (`claim_attachments_claim_idx`). */
  list(partnerId: string, claimId: string): Promise<StoredAttachment[]> {
    return this.db.rows(
      sql`SELECT ${ATTACHMENT.list}
            FROM claim_attachments a LEFT JOIN users u ON u.id = a.uploaded_by_user_id
           WHERE a.partner_id = ${partnerId} AND a.claim_id = ${claimId}
           ORDER BY a.created_at, a.id`,
      fromRow,
    );
  }

  one(
    partnerId: string,
    claimId: string,
    attachmentId: string,
  ): Promise<StoredAttachment | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ATTACHMENT.list}
            FROM claim_attachments a LEFT JOIN users u ON u.id = a.uploaded_by_user_id
           WHERE a.partner_id = ${partnerId} AND a.claim_id = ${claimId} AND a.id = ${attachmentId}`,
      fromRow,
    );
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
      // The row as the list reads it, its uploader's name from the same statement.
      const value = await this.db.one(
        sql`WITH a AS (
              INSERT INTO claim_attachments (partner_id, claim_id, filename, content_type, size, sha256,
                storage_key, uploaded_by_user_id, uploaded_by_key_id, created_at)
              VALUES (${partnerId}, ${claimId}, ${file.filename}, ${file.contentType},
                ${file.content.length}, ${file.sha256}, ${storageKey}, ${file.uploadedBy.actorUserId},
                ${file.uploadedBy.actorKeyId}, ${file.at})
              RETURNING *)
            SELECT ${ATTACHMENT.list} FROM a LEFT JOIN users u ON u.id = a.uploaded_by_user_id`,
        fromRow,
        manager,
      );
      await this.addEvent(manager, partnerId, claimId, file.uploadedBy, file.filename, file.at);
      return { done: true, value };
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
    actor: ClaimActorIds,
    open: (status: ClaimStatus) => boolean,
    at: Date,
  ): Promise<EvidenceChange<StoredAttachment>> {
    return this.changing(async (manager) => {
      const claim = await this.claimIn(manager, partnerId, claimId, true);
      if (claim === undefined) return { done: false, reason: 'claim_not_found' };
      const removed = await this.db.maybeOne(
        sql`WITH a AS (
              DELETE FROM claim_attachments a
               WHERE a.partner_id = ${partnerId} AND a.claim_id = ${claimId} AND a.id = ${attachmentId}
              RETURNING *)
            SELECT ${ATTACHMENT.list} FROM a LEFT JOIN users u ON u.id = a.uploaded_by_user_id`,
        fromRow,
        manager,
      );
      if (removed === undefined) return { done: false, reason: 'not_found' };
      if (!open(claim.status)) return { done: false, reason: 'closed', claim };
      await this.store.delete(partnerId, removed.storageKey, manager);
      await this.addEvent(manager, partnerId, claimId, actor, `Removed ${removed.filename}`, at);
      return { done: true, value: removed };
    });
  }

  private async addEvent(
    manager: EntityManager,
    partnerId: string,
    claimId: string,
    actor: ClaimActorIds,
    body: string,
    at: Date,
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO claim_events (partner_id, claim_id, actor_user_id, actor_key_id, kind, body, at)
          VALUES (${partnerId}, ${claimId}, ${actor.actorUserId}, ${actor.actorKeyId}, 'attachment',
            ${body}, ${at})`,
      manager,
    );
  }

  /** Runs `work` in a transaction that commits only when the change was done. */
  private async changing<T>(
    work: (manager: EntityManager) => Promise<EvidenceChange<T>>,
  ): Promise<EvidenceChange<T>> {
    try {
      return await this.db.transaction(async (manager) => {
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
