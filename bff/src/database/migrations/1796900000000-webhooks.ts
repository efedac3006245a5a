import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/product.md §3b, docs/api.md Webhooks):
 * - `webhook_endpoints`: a partner's URLs, their events and signing secrets (docs/security.md);
 * - `webhook_events`: each event with the exact body its deliveries send;
 * - `webhook_deliveries`: the delivery log, one row per attempt of an event at an endpoint.
 */
export class Webhooks1796900000000 implements MigrationInterface {
  name = 'Webhooks1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "webhook_endpoints" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "url" text NOT NULL,
        "events" text array NOT NULL,
        "description" text,
        "enabled" boolean NOT NULL,
        "disabled_reason" text,
        "secret" text NOT NULL,
        "previous_secret" text,
        "previous_secret_expires_at" timestamptz,
        "failing_since" timestamptz,
        "created_by_user_id" uuid,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL,
        CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhook_endpoints_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "webhook_endpoints_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "webhook_endpoints_partner_idx" ON "webhook_endpoints" ("partner_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_endpoints_created_by_user_id_idx" ON "webhook_endpoints" ("created_by_user_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "webhook_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "type" text NOT NULL,
        "body" text NOT NULL,
        "created_at" timestamptz NOT NULL,
        CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhook_events_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "webhook_events_partner_idx" ON "webhook_events" ("partner_id", "created_at", "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "webhook_deliveries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "endpoint_id" uuid NOT NULL,
        "event_id" uuid NOT NULL,
        "attempt" integer NOT NULL,
        "status" text NOT NULL,
        "response_status" integer,
        "duration_ms" integer,
        "error" text,
        "next_attempt_at" timestamptz,
        "created_at" timestamptz NOT NULL,
        CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
        CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhook_deliveries_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id")
          REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id")
          REFERENCES "webhook_events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" ("partner_id", "endpoint_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "webhook_deliveries_attempt_key" ON "webhook_deliveries" ("endpoint_id", "event_id", "attempt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" ("event_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
