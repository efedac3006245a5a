import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version of each partner's analytics inputs (docs/decisions.md, "A 2-year answer is served again
 * until its version moves"): `analytics_versions.version` moves in every transaction that changes a
 * row of the rollups an analytics answer is made of (`claim_daily_stats`, `claim_decision_histograms`,
 * `inventory_daily_stats`, `inventory_stock_totals`), in that transaction, so a snapshot that sees the
 * version sees exactly the rollups of that version, and an answer built for a version can be served
 * again while the version is unchanged. No row: version 0 (nothing changed since this migration).
 *
 * Raised by deferred constraint triggers, at commit: the row's lock is the last one a writer takes (no
 * deadlock with the rollup rows it locked before) and is held only through the commit. Once per
 * transaction: later rows of the same transaction find the version already raised by it (its own
 * `xmin`) and write nothing. The rollups are written by statement-level triggers of their own, so a
 * transaction raises the version whatever wrote it (the API, the demo loader, gen:data's bulk loads).
 */

const ROLLUPS = [
  'claim_daily_stats',
  'claim_decision_histograms',
  'inventory_daily_stats',
  'inventory_stock_totals',
] as const;

export class AnalyticsVersions1796200000000 implements MigrationInterface {
  name = 'AnalyticsVersions1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics_versions" (
        "partner_id" uuid NOT NULL,
        "version" bigint NOT NULL,
        CONSTRAINT "analytics_versions_pkey" PRIMARY KEY ("partner_id"),
        CONSTRAINT "analytics_versions_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    // A deleted rollup row only goes with its partner (cascade): its version row goes too.
    await queryRunner.query(`
      CREATE FUNCTION "analytics_versions_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          UPDATE analytics_versions SET version = version + 1
           WHERE partner_id = OLD.partner_id AND xmin <> pg_current_xact_id()::xid;
        ELSE
          INSERT INTO analytics_versions AS v (partner_id, version) VALUES (NEW.partner_id, 1)
          ON CONFLICT (partner_id) DO UPDATE SET version = v.version + 1
           WHERE v.xmin <> pg_current_xact_id()::xid;
        END IF;
        RETURN NULL;
      END $function$`);
    for (const table of ROLLUPS) {
      await queryRunner.query(`
        CREATE CONSTRAINT TRIGGER "${table}_analytics_version" AFTER INSERT OR UPDATE OR DELETE
          ON "${table}" DEFERRABLE INITIALLY DEFERRED
          FOR EACH ROW EXECUTE FUNCTION "analytics_versions_follow"()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ROLLUPS) {
      await queryRunner.query(`DROP TRIGGER "${table}_analytics_version" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "analytics_versions_follow"()`);
    await queryRunner.query(`DROP TABLE "analytics_versions"`);
  }
}
