import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  claimDailyStatsInsert,
  claimDecisionDaysInsert,
} from './1795800000000-dashboard-rollups.js';

/**
 * The decisions' rollup folded to one row per partner and decision day (docs/decisions.md, "The
 * decisions' histogram is one row a day"): `claim_decision_histograms.counts[d]` is how many claims
 * were decided (approved or rejected) on `day` after `d` whole partner days since their submission
 * (the array's subscripts are the days: `[0:3]={2,NULL,1,4}`; NULL where none). A 2-year daily read
 * of the median is 731 rows instead of one per day and days to decision (13,779 at a million claims),
 * and PostgreSQL computes each median from its row:
 * - `histogram_add(a, b)`: the element-wise sum of two histograms (NULL as 0), subscripts kept;
 * - `histogram_sum(counts)`: the aggregate of it, for weeks and months;
 * - `histogram_median(counts)`: the mean of the values at 0-based positions ⌊(n−1)/2⌋ and ⌊n/2⌋ of
 *   the n decisions sorted by days (NULL when n = 0), as the raw reference computes it.
 * The trigger on `claim_events` keeps it in the inserting transaction, as it kept `claim_decision_days`;
 * the old rows are folded into the new table under a lock that holds inserts back until the commit.
 */

const claimDecisionHistogramsInsert = (source: string): string => `
  INSERT INTO claim_decision_histograms AS h (partner_id, day, counts)
  SELECT partner_id, day, histogram_sum(array_fill(decisions, ARRAY[1], ARRAY[days]))
    FROM (SELECT e.partner_id, (e.at AT TIME ZONE p.time_zone)::date AS day,
                 (e.at AT TIME ZONE p.time_zone)::date - (c.submitted_at AT TIME ZONE p.time_zone)::date AS days,
                 count(*)::integer AS decisions
            FROM ${source} AS e
            JOIN claims AS c ON c.partner_id = e.partner_id AND c.id = e.claim_id
            JOIN partners AS p ON p.id = e.partner_id
           WHERE e.kind = 'transition' AND e.to_status IN ('approved', 'rejected')
             AND c.submitted_at IS NOT NULL
           GROUP BY 1, 2, 3) AS decided
   GROUP BY partner_id, day
  ON CONFLICT (partner_id, day) DO UPDATE SET counts = histogram_add(h.counts, EXCLUDED.counts)`;

const follow = (decisions: string): string => `
  CREATE OR REPLACE FUNCTION "claim_rollups_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
  BEGIN
    ${claimDailyStatsInsert('added')};
    ${decisions};
    RETURN NULL;
  END $function$`;

export class ClaimDecisionHistograms1796100000000 implements MigrationInterface {
  name = 'ClaimDecisionHistograms1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "claim_events" IN SHARE MODE`);
    await queryRunner.query(`
      CREATE FUNCTION "histogram_add"(a integer[], b integer[]) RETURNS integer[]
        LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $function$
      DECLARE
        result integer[] := a;
        i integer;
      BEGIN
        IF a IS NULL THEN RETURN b; END IF;
        IF b IS NULL OR cardinality(b) = 0 THEN RETURN a; END IF;
        FOR i IN array_lower(b, 1) .. array_upper(b, 1) LOOP
          IF b[i] IS NOT NULL THEN result[i] := coalesce(result[i], 0) + b[i]; END IF;
        END LOOP;
        RETURN result;
      END $function$`);
    await queryRunner.query(`
      CREATE AGGREGATE "histogram_sum"(integer[]) (SFUNC = "histogram_add", STYPE = integer[])`);
    await queryRunner.query(`
      CREATE FUNCTION "histogram_median"(counts integer[]) RETURNS numeric
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $function$
      DECLARE
        total bigint := 0;
        seen bigint := 0;
        low integer;
        i integer;
      BEGIN
        IF cardinality(counts) = 0 THEN RETURN NULL; END IF;
        FOR i IN array_lower(counts, 1) .. array_upper(counts, 1) LOOP
          total := total + coalesce(counts[i], 0);
        END LOOP;
        IF total = 0 THEN RETURN NULL; END IF;
        FOR i IN array_lower(counts, 1) .. array_upper(counts, 1) LOOP
          seen := seen + coalesce(counts[i], 0);
          IF low IS NULL AND seen > (total - 1) / 2 THEN low := i; END IF;
          IF seen > total / 2 THEN RETURN (low + i)::numeric / 2; END IF;
        END LOOP;
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TABLE "claim_decision_histograms" (
        "partner_id" uuid NOT NULL,
        "day" date NOT NULL,
        "counts" integer[] NOT NULL,
        CONSTRAINT "claim_decision_histograms_pkey" PRIMARY KEY ("partner_id", "day"),
        CONSTRAINT "claim_decision_histograms_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      INSERT INTO claim_decision_histograms (partner_id, day, counts)
      SELECT partner_id, day, histogram_sum(array_fill(decision_count, ARRAY[1], ARRAY[days_to_decision]))
        FROM claim_decision_days
       GROUP BY partner_id, day`);
    await queryRunner.query(follow(claimDecisionHistogramsInsert('added')));
    await queryRunner.query(`DROP TABLE "claim_decision_days"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "claim_events" IN SHARE MODE`);
    await queryRunner.query(`
      CREATE TABLE "claim_decision_days" (
        "partner_id" uuid NOT NULL,
        "day" date NOT NULL,
        "days_to_decision" integer NOT NULL,
        "decision_count" integer NOT NULL,
        CONSTRAINT "claim_decision_days_pkey" PRIMARY KEY ("partner_id", "day", "days_to_decision"),
        CONSTRAINT "claim_decision_days_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      INSERT INTO claim_decision_days (partner_id, day, days_to_decision, decision_count)
      SELECT partner_id, day, days, counts[days]
        FROM claim_decision_histograms, generate_subscripts(counts, 1) AS days
       WHERE counts[days] IS NOT NULL`);
    await queryRunner.query(follow(claimDecisionDaysInsert('added')));
    await queryRunner.query(`DROP TABLE "claim_decision_histograms"`);
    await queryRunner.query(`DROP FUNCTION "histogram_median"(integer[])`);
    await queryRunner.query(`DROP AGGREGATE "histogram_sum"(integer[])`);
    await queryRunner.query(`DROP FUNCTION "histogram_add"(integer[], integer[])`);
  }
}
