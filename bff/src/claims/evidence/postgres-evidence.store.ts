import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EvidenceStore } from './evidence.store.js';

/** How much of a file one statement reads while a download streams (memory per download). */
export const EVIDENCE_READ_CHUNK_BYTES = 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The default evidence store: the bytes in `claim_evidence_blobs` (bytea), keyed by the row's id. A
 * download reads them a chunk at a time (`substring` of the bytea), so a 10 MB file never sits whole
 * in the server's memory on the way out.
 */
@Injectable()
export class PostgresEvidenceStore extends EvidenceStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async put(
    partnerId: string,
    content: Buffer,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const rows = (await manager.query(
      `INSERT INTO claim_evidence_blobs (partner_id, content) VALUES ($1, $2) RETURNING id`,
      [partnerId, content],
    )) as Array<{ id: string }>;
    const key = rows[0]?.id;
    if (key === undefined) throw new Error('INSERT … RETURNING returned no row');
    return key;
  }

  async open(partnerId: string, key: string, size: number): Promise<Readable | undefined> {
    if (!UUID.test(key)) return undefined;
    const exists = (await this.dataSource.query(
      `SELECT octet_length(content) AS size FROM claim_evidence_blobs WHERE partner_id = $1 AND id = $2`,
      [partnerId, key],
    )) as Array<{ size: number }>;
    if (exists[0] === undefined) return undefined;
    const dataSource = this.dataSource;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let offset = 0; offset < size; offset += EVIDENCE_READ_CHUNK_BYTES) {
        const rows = (await dataSource.query(
          `SELECT substring(content FROM $3::integer FOR $4::integer) AS chunk
             FROM claim_evidence_blobs WHERE partner_id = $1 AND id = $2`,
          [partnerId, key, offset + 1, EVIDENCE_READ_CHUNK_BYTES],
        )) as Array<{ chunk: Buffer }>;
        const chunk = rows[0]?.chunk;
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
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const keys = (typeof key === 'string' ? [key] : [...key]).filter((each) => UUID.test(each));
    if (keys.length === 0) return;
    await manager.query(
      `DELETE FROM claim_evidence_blobs WHERE partner_id = $1 AND id = ANY($2::uuid[])`,
      [partnerId, keys],
    );
  }
}
