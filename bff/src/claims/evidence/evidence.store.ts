import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';

/**
 * Where the bytes of evidence files live, behind one interface (docs/api.md, Attachment): PostgreSQL
 * (`claim_evidence_blobs`, PostgresEvidenceStore) by default; an object store could replace it. What a
 * file *is* (name, type, size, hash, claim) is a `claim_attachments` row that names its `storageKey`.
 *
 * Keys are the store's own, opaque to callers. Every method takes the partner first: a key of another
 * partner is not found. `manager`, when given, is the transaction the caller writes the attachment row
 * in: a store in the same database writes in it, so the row and the bytes commit or roll back together.
 */
export abstract class EvidenceStore {
  /** Keeps `content` and answers its key. */
  abstract put(partnerId: string, content: Buffer, manager?: EntityManager): Promise<string>;

  /**
   * The bytes under `key`, streamed a part at a time; undefined when there are none. `size` is the
   * length the caller expects (the attachment row's): the stream fails rather than end short.
   */
  abstract open(partnerId: string, key: string, size: number): Promise<Readable | undefined>;

  /** Removes the bytes under each key (keys already gone are no error). */
  abstract delete(
    partnerId: string,
    key: string | readonly string[],
    manager?: EntityManager,
  ): Promise<void>;
}
