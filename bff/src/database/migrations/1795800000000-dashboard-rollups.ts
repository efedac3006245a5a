import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rollups the analytics read (docs/api.md, Analytics; issue #10): per partner and partner day,
 * - `claim_daily_stats` (and claim type): claims filed (the submit transition), approved, rejected,
 *   paid and closed (leaving the open set: withdrawn, rejected, paid), with their amounts;
 * - `claim_decision_days`: how many claims were decided (approved or rejected) that day after how many
 *   partner days since their submission (the median reads it);
 * - `inventory_daily_stats`: the movements' units and value (at the item's unit value), and the units
 *   and value lost and damaged.
 * The day is the event's or movement's time in the partner's time zone, as a date.
 * `claims_submitted_at_idx` serves the analytics' top items: the claims submitted in a range, with
 * the item and amount they are summed by (an index-only range scan).
 *
 * They follow every INSERT on `claim_events` (its `transition` rows) and `inventory_movements`, bulk
 * loads included: statement-level triggers with transition tables, in the inserting transaction, one
 * grouped upsert per statement. The same SELECT, over the whole table, backfills them here: one
 * INSERT … SELECT … GROUP BY per table. The triggers are created first: CREATE TRIGGER locks the table
 * against writes until the migration commits, so a concurrent insert waits and is then counted once,
 * by its trigger. Events and movements are never updated, and only a draft (which has no transition
 * event) is deleted by the application; a partner's deletion takes its rollups with it (cascade).
 */

/** The claim rollup rows of the transition events in `source` (the whole table, or a trigger's). */
export const claimDailyStatsInsert = (source: string): string => `
  INSERT INTO claim_daily_stats AS s (partner_id, day, type, filed_count, filed_amount,
    approved_count, approved_amount, rejected_count, paid_count, paid_amount, closed_count, closed_amount)
  SELECT e.partner_id, (e.at AT TIME ZONE p.time_zone)::date AS day, c.type,
         count(*) FILTER (WHERE e.to_status = 'submitted'),
         coalesce(sum(c.amount_claimed) FILTER (WHERE e.to_status = 'submitted'), 0),
         count(*) FILTER (WHERE e.to_status = 'approved'),
         coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'approved'), 0),
         count(*) FILTER (WHERE e.to_status = 'rejected'),
         count(*) FILTER (WHERE e.to_status = 'paid'),
         coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'paid'), 0),
         count(*) FILTER (WHERE e.to_status IN ('withdrawn', 'rejected', 'paid')),
         coalesce(sum(c.amount_claimed) FILTER (WHERE e.to_status IN ('withdrawn', 'rejected', 'paid')), 0)
    FROM ${source} AS e
    JOIN claims AS c ON c.partner_id = e.partner_id AND c.id = e.claim_id
    JOIN partners AS p ON p.id = e.partner_id
   WHERE e.kind = 'transition' AND e.to_status IN ('submitted', 'approved', 'rejected', 'paid', 'withdrawn')
   GROUP BY e.partner_id, day, c.type
  ON CONFLICT (partner_id, day, type) DO UPDATE SET
    filed_count = s.filed_count + EXCLUDED.filed_count,
    filed_amount = s.filed_amount + EXCLUDED.filed_amount,
    approved_count = s.approved_count + EXCLUDED.approved_count,
    approved_amount = s.approved_amount + EXCLUDED.approved_amount,
    rejected_count = s.rejected_count + EXCLUDED.rejected_count,
    paid_count = s.paid_count + EXCLUDED.paid_count,
    paid_amount = s.paid_amount + EXCLUDED.paid_amount,
    closed_count = s.closed_count + EXCLUDED.closed_count,
    closed_amount = s.closed_amount + EXCLUDED.closed_amount`;

/** The decisions (approve, reject) in `source`, by decision day and whole partner days since submission. */
export const claimDecisionDaysInsert = (source: string): string => `
  INSERT INTO claim_decision_days AS d (partner_id, day, days_to_decision, decision_count)
  SELECT e.partner_id, (e.at AT TIME ZONE p.time_zone)::date AS day,
         (e.at AT TIME ZONE p.time_zone)::date - (c.submitted_at AT TIME ZONE p.time_zone)::date AS days,
         count(*)
    FROM ${source} AS e
    JOIN claims AS c ON c.partner_id = e.partner_id AND c.id = e.claim_id
    JOIN partners AS p ON p.id = e.partner_id
   WHERE e.kind = 'transition' AND e.to_status IN ('approved', 'rejected') AND c.submitted_at IS NOT NULL
   GROUP BY e.partner_id, day, days
  ON CONFLICT (partner_id, day, days_to_decision)
    DO UPDATE SET decision_count = d.decision_count + EXCLUDED.decision_count`;

/** The movements in `source`, by occurred day; value at the item's unit value. */
const inventoryDailyStatsInsert = (source: string): string => `
  INSERT INTO inventory_daily_stats AS s (partner_id, day, units_delta, value_delta,
    lost_units, lost_value, damaged_units, damaged_value)
  SELECT m.partner_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day,
         sum(m.quantity::bigint),
         sum(m.quantity::bigint * i.unit_value),
         coalesce(-sum(m.quantity::bigint) FILTER (WHERE m.kind = 'loss'), 0),
         coalesce(-sum(m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'loss'), 0),
         coalesce(-sum(m.quantity::bigint) FILTER (WHERE m.kind = 'damage'), 0),
         coalesce(-sum(m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'damage'), 0)
    FROM ${source} AS m
    JOIN inventory_items AS i ON i.partner_id = m.partner_id AND i.id = m.item_id
    JOIN partners AS p ON p.id = m.partner_id
   GROUP BY m.partner_id, day
  ON CONFLICT (partner_id, day) DO UPDATE SET
    units_delta = s.units_delta + EXCLUDED.units_delta,
    value_delta = s.value_delta + EXCLUDED.value_delta,
    lost_units = s.lost_units + EXCLUDED.lost_units,
    lost_value = s.lost_value + EXCLUDED.lost_value,
    damaged_units = s.damaged_units + EXCLUDED.damaged_units,
    damaged_value = s.damaged_value + EXCLUDED.damaged_value`;

const partnerKey = (table: string): string => `
  CONSTRAINT "${table}_partner_id_fkey" FOREIGN KEY ("partner_id")
    REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION`;

export class DashboardRollups1795800000000 implements MigrationInterface {
  name = 'DashboardRollups1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "claim_daily_stats" (
        "partner_id" uuid NOT NULL,
        "day" date NOT NULL,
        "type" text NOT NULL,
        "filed_count" integer NOT NULL,
        "filed_amount" bigint NOT NULL,
        "approved_count" integer NOT NULL,
        "approved_amount" bigint NOT NULL,
        "rejected_count" integer NOT NULL,
        "paid_count" integer NOT NULL,
        "paid_amount" bigint NOT NULL,
        "closed_count" integer NOT NULL,
        "closed_amount" bigint NOT NULL,
        CONSTRAINT "claim_daily_stats_pkey" PRIMARY KEY ("partner_id", "day", "type"),${partnerKey('claim_daily_stats')}
      )`);
    await queryRunner.query(`
      CREATE TABLE "claim_decision_days" (
        "partner_id" uuid NOT NULL,
        "day" date NOT NULL,
        "days_to_decision" integer NOT NULL,
        "decision_count" integer NOT NULL,
        CONSTRAINT "claim_decision_days_pkey" PRIMARY KEY ("partner_id", "day", "days_to_decision"),${partnerKey('claim_decision_days')}
      )`);
    await queryRunner.query(`
      CREATE TABLE "inventory_daily_stats" (
        "partner_id" uuid NOT NULL,
        "day" date NOT NULL,
        "units_delta" bigint NOT NULL,
        "value_delta" bigint NOT NULL,
        "lost_units" bigint NOT NULL,
        "lost_value" bigint NOT NULL,
        "damaged_units" bigint NOT NULL,
        "damaged_value" bigint NOT NULL,
        CONSTRAINT "inventory_daily_stats_pkey" PRIMARY KEY ("partner_id", "day"),${partnerKey('inventory_daily_stats')}
      )`);

    await queryRunner.query(`
      CREATE FUNCTION "claim_rollups_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      BEGIN
        ${claimDailyStatsInsert('added')};
        ${claimDecisionDaysInsert('added')};
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_rollups_after_insert" AFTER INSERT ON "claim_events"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_rollups_follow"()`);
    await queryRunner.query(`
      CREATE FUNCTION "inventory_rollups_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      BEGIN
        ${inventoryDailyStatsInsert('added')};
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_rollups_after_insert" AFTER INSERT ON "inventory_movements"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_rollups_follow"()`);

    await queryRunner.query(
      `CREATE INDEX "claims_submitted_at_idx" ON "claims" ("partner_id", "submitted_at") INCLUDE ("item_id", "amount_claimed") WHERE "submitted_at" IS NOT NULL`,
    );

    // The rows already there, after the triggers (see above).
    await queryRunner.query(claimDailyStatsInsert('claim_events'));
    await queryRunner.query(claimDecisionDaysInsert('claim_events'));
    await queryRunner.query(inventoryDailyStatsInsert('inventory_movements'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "claims_submitted_at_idx"`);
    await queryRunner.query(
      `DROP TRIGGER "inventory_rollups_after_insert" ON "inventory_movements"`,
    );
    await queryRunner.query(`DROP FUNCTION "inventory_rollups_follow"()`);
    await queryRunner.query(`DROP TRIGGER "claim_rollups_after_insert" ON "claim_events"`);
    await queryRunner.query(`DROP FUNCTION "claim_rollups_follow"()`);
    await queryRunner.query(`DROP TABLE "inventory_daily_stats"`);
    await queryRunner.query(`DROP TABLE "claim_decision_days"`);
    await queryRunner.query(`DROP TABLE "claim_daily_stats"`);
  }
}
