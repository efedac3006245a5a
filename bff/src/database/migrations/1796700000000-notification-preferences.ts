import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification preferences and the daily digest's runs (docs/product.md, Notification preferences):
 * - `notification_preferences`: one person's choices for one partner; no row is the defaults.
 * - `digest_runs`: one row per person, partner and partner day whose digest was claimed; its key
 *   makes a second digest for the same day impossible, whatever instances run.
 */
export class NotificationPreferences1796700000000 implements MigrationInterface {
  name = 'NotificationPreferences1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notification_preferences" (
        "partner_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "claim_updates" text NOT NULL,
        "filing_deadlines" text NOT NULL,
        "low_stock" text NOT NULL,
        "updated_at" timestamptz NOT NULL,
        CONSTRAINT "notification_preferences_claim_updates_check" CHECK ("claim_updates" IN ('instant', 'off')),
        CONSTRAINT "notification_preferences_filing_deadlines_check" CHECK ("filing_deadlines" IN ('daily_digest', 'off')),
        CONSTRAINT "notification_preferences_low_stock_check" CHECK ("low_stock" IN ('daily_digest', 'off')),
        CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("partner_id", "user_id"),
        CONSTRAINT "notification_preferences_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      CREATE TABLE "digest_runs" (
        "partner_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "local_day" date NOT NULL,
        "ran_at" timestamptz NOT NULL,
        "sent" boolean NOT NULL,
        CONSTRAINT "digest_runs_pkey" PRIMARY KEY ("partner_id", "user_id", "local_day"),
        CONSTRAINT "digest_runs_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "digest_runs_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "digest_runs"`);
    await queryRunner.query(`DROP TABLE "notification_preferences"`);
  }
}
