import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One mechanism of `Idempotency-Key` for every POST (docs/api.md, Idempotency-Key; docs/decisions.md,
 * Idempotency keys):
 * - `idempotency_keys`: per caller and key, the first request's fingerprint and its answer, kept 24
 *   hours; `idempotency_keys_expires_at_idx` serves the cleanup job.
 * - The claims' own columns (`idempotency_key`, `request_fingerprint` and their unique indexes, a person's and a key's) go: a
 *   claim's creation is answered by the same mechanism as every other POST. Keys in flight at the
 *   upgrade are not carried over (a retry of one made before it files a second draft).
 */
export class IdempotencyKeys1796860000000 implements MigrationInterface {
  name = 'IdempotencyKeys1796860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "idempotency_keys" (
        "caller" text NOT NULL,
        "key" text NOT NULL,
        "request_method" text NOT NULL,
        "request_path" text NOT NULL,
        "fingerprint" text NOT NULL,
        "status" text NOT NULL,
        "response_status" integer,
        "response_content_type" text,
        "response_etag" text,
        "response_location" text,
        "response_body" text,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "idempotency_keys_status_check" CHECK ("status" IN ('in_progress', 'completed')),
        CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("caller", "key")
      )`);
    await queryRunner.query(
      `CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" ("expires_at")`,
    );
    await queryRunner.query(`DROP INDEX "claims_idempotency_key"`);
    await queryRunner.query(`DROP INDEX "claims_idempotency_key_by_key"`);
    await queryRunner.query(
      `ALTER TABLE "claims" DROP COLUMN "idempotency_key", DROP COLUMN "request_fingerprint"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "claims" ADD "idempotency_key" text, ADD "request_fingerprint" text`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "claims_idempotency_key" ON "claims" ("partner_id", "created_by_user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "claims_idempotency_key_by_key" ON "claims" ("partner_id", "created_by_key_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL AND "created_by_key_id" IS NOT NULL`,
    );
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
