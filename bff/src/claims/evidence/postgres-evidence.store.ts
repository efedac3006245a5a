import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { read } from '#src/database/table.js';
import { isUuid } from '#src/common/uuid.js';
import { EvidenceStore } from './evidence.store.js';

/** How much of a file one statement reads while a download streams (memory per download). */
export const EVIDENCE_READ_CHUNK_BYTES = 1024 * 1024;

/**
 * The default evidence store: the bytes in `claim_evidence_blobs` (bytea), keyed by the row's id. A
 * download reads them a chunk at a time (`substring` of the bytea), so a 10 MB file never sits whole
 * in the server's memory on the way out.
 */
@Injectable()
export class PostgresEvidenceStore extends EvidenceStore {
  constructor(private readonly db: Database) {
    super();
  }

  put(partnerId: string, content: Buffer, manager?: EntityManager): Promise<string> {
    return this.db.one(
      sql`INSERT INTO claim_evidence_blobs (partner_id, content) VALUES (${partnerId}, ${content})
          RETURNING id`,
      (row) => read.text(row.id, 'id'),
      manager,
    );
  }

  async open(partnerId: string, key: string, size: number): Promise<Readable | undefined> {
    if (!isUuid(key)) return undefined;
    const exists = await this.db.execute(
      sql`SELECT 1 FROM claim_evidence_blobs WHERE partner_id = ${partnerId} AND id = ${key}`,
    );
    if (exists === 0) return undefined;
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let offset = 0; offset < size; offset += EVIDENCE_READ_CHUNK_BYTES) {
        const chunk = await db.maybeOne(
          sql`SELECT substring(content FROM ${offset + 1}::integer FOR ${EVIDENCE_READ_CHUNK_BYTES}::integer)
                AS chunk
                FROM claim_evidence_blobs WHERE partner_id = ${partnerId} AND id = ${key}`,
          (row) => (Buffer.isBuffer(row.chunk) ? row.chunk : undefined),
        );
        // Removed, or shorter than its row says, while it streamed: fail, never end short.
        if (chunk === undefined || chunk.length === 0) {
          throw new Error(`Evidence ${key} ended at ${offset} of ${size} bytes`);
        }
        yield chunk;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async delete(
    partnerId: string,
    key: string | readonly string[],
    manager?: EntityManager,
  ): Promise<void> {
    const keys = (typeof key === 'string' ? [key] : [...key]).filter((each) => isUuid(each));
    if (keys.length === 0) return;
    await this.db.execute(
      sql`DELETE FROM claim_evidence_blobs WHERE partner_id = ${partnerId} AND id = ANY(${keys}::uuid[])`,
      manager,
    );
  }
}
