import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import type { AuditMetadata } from './audit-log.entity.js';

/** One row of the audit log, as written. */
export interface NewAuditRecord {
  /** null for an event outside any partner (an account's). */
  partnerId: string | null;
  actorUserId: string | null;
  /** The API key that acted, when no person did (docs/api.md, API keys). */
  actorKeyId: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  at: Date;
  metadata: AuditMetadata;
}

/** Every statement on `audit_logs`: the log is only ever written by the BFF. */
@Injectable()
export class AuditRepository {
  constructor(private readonly db: Database) {}

  /** Inserts one event, in the caller's transaction when there is one. */
  async insert(record: NewAuditRecord, manager?: EntityManager): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO audit_logs (partner_id, actor_user_id, actor_key_id, action, target, ip, at,
                                  metadata)
          VALUES (${record.partnerId}, ${record.actorUserId}, ${record.actorKeyId}, ${record.action}, ${record.target},
                  ${record.ip}, ${record.at}, ${JSON.stringify(record.metadata)}::jsonb)`,
      manager,
    );
  }
}
