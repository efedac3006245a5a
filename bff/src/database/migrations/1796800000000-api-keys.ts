import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables that name who changed something: a person (`*_user_id`) or, now, an API key. */
const ACTORS = [
  { table: 'claims', user: 'created_by_user_id', key: 'created_by_key_id' },
  { table: 'claim_events', user: 'actor_user_id', key: 'actor_key_id' },
  { table: 'claim_attachments', user: 'uploaded_by_user_id', key: 'uploaded_by_key_id' },
  { table: 'audit_logs', user: 'actor_user_id', key: 'actor_key_id' },
  { table: 'inventory_movements', user: 'recorded_by_user_id', key: 'recorded_by_key_id' },
] as const;

/**
 * API keys (docs/product.md §3b): `api_keys`, a partner's keys and the network's, only the token's
 * SHA-256 stored; and beside every column that names the person who changed something, the key that
 * did (`*_key_id`): at most one of the two is set (both are null once the person or the key is gone).
 */
export class ApiKeys1796800000000 implements MigrationInterface {
  name = 'ApiKeys1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "api_keys" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid,
        "kind" text NOT NULL,
        "name" text NOT NULL,
        "scopes" text array NOT NULL,
        "token_hash" text NOT NULL,
        "prefix" text NOT NULL,
        "created_by_user_id" uuid,
        "created_at" timestamptz NOT NULL,
        "last_used_at" timestamptz,
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "api_keys_kind_check" CHECK ("kind" IN ('partner', 'network')),
        CONSTRAINT "api_keys_kind_partner_check" CHECK (("kind" = 'partner') = ("partner_id" IS NOT NULL)),
        CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("scopes") > 0 AND (("kind" = 'partner' AND "scopes" <@ ARRAY['inventory:read', 'claims:read', 'claims:write']::text[]) OR ("kind" = 'network' AND "scopes" <@ ARRAY['movements:write', 'claims:read']::text[]))),
        CONSTRAINT "api_keys_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "api_keys_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "api_keys_partner_id_created_at_idx" ON "api_keys" ("partner_id", "created_at", "id")`,
    );
    for (const { table, user, key } of ACTORS) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${key}" uuid`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${key}_fkey" FOREIGN KEY ("${key}")
           REFERENCES "api_keys" ("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      );
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_one_actor_check" CHECK ("${user}" IS NULL OR "${key}" IS NULL)`,
      );
      await queryRunner.query(`CREATE INDEX "${table}_${key}_idx" ON "${table}" ("${key}")`);
    }
    // A key's Idempotency-Key on a claim's creation, as claims_idempotency_key is a person's.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "claims_idempotency_key_by_key" ON "claims" ("partner_id", "created_by_key_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL AND "created_by_key_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, key } of ACTORS) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${key}"`);
    }
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
