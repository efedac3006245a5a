import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A waiting claim's hour: the UTC hour of its `waiting_since`, whatever the session's time zone. */
const HOUR = (column: string) => `date_trunc('hour', ${column}, 'UTC')`;

/**
 * A claim's shard, 0–7: the last byte of its id (random in a `gen_random_uuid()`), so that the
 * submissions of one hour network-wide spread over 8 counter rows instead of queueing on one.
 */
const SHARD = (column: string) => `mod(get_byte(uuid_send(${column}), 15), 8)::smallint`;

/** A decision's duration in seconds, as the summary's median orders it (`percentile_cont`'s cast). */
const DECISION_SECONDS = `(extract(epoch FROM "decided_at" - "submitted_at"))::double precision`;

/**
 * `claims_decided_at_idx` built again on `columns`: the new one first, under the SHARE lock that lets
 * reads go on, then the old one dropped (the moment that locks `claims` out entirely) and the new renamed.
 */
async function replaceDecidedAtIndex(queryRunner: QueryRunner, columns: string): Promise<void> {
  await queryRunner.query(
    `CREATE INDEX "claims_decided_at_next_idx" ON "claims" ${columns} WHERE "decided_at" IS NOT NULL`,
  );
  await queryRunner.query(`DROP INDEX "claims_decided_at_idx"`);
  await queryRunner.query(
    `ALTER INDEX "claims_decided_at_next_idx" RENAME TO "claims_decided_at_idx"`,
  );
}

/**
 * The staff summary's counters (docs/performance.md, "Staff queue"; docs/api.md, `GET
 * /api/staff/summary`):
 *
 * - `claim_waiting_hours`: how many claims wait for the network (`waiting_since` is set exactly while a
 *   claim waits, migration 1796400000000) per UTC hour of `waiting_since` and shard of the claim's id.
 *   The summary's `waiting` is its sum, its `overdue` the sum over the hours wholly before the cut-off
 *   plus a range of `claims_queue_waiting_idx` within the cut-off's hour: a few thousand counter rows
 *   and index entries instead of every waiting claim. Kept by statement-level triggers on `claims`,
 *   as `claim_counts`: one upsert per statement (transition tables), only for the claims whose
 *   `waiting_since` changed (submitted, answered, decided, withdrawn, deleted), the counter rows
 *   upserted in the order of their key so that concurrent statements lock them in one order; a row
 *   that falls to 0 is deleted (it is locked by the statement already), so the table holds only the
 *   hours in which some claim waits now. Backfilled here, under a lock that holds writes back.
 * - `claims_decided_at_idx` again, with each decision's duration in seconds as the summary's median
 *   orders it (`extract(epoch FROM decided_at - submitted_at)` as double precision, the cast
 *   `percentile_cont` applies) and covering `submitted_at`: the decisions of 7 days are counted and the
 *   30 days' durations read from the index alone, each duration as stored rather than computed and
 *   converted from numeric again for every decision on every read (at 50,000 decisions 10–15 ms
 *   instead of 45–90: docs/performance.md, "Staff queue").
 */
export class StaffSummaryCounters1797000000000 implements MigrationInterface {
  name = 'StaffSummaryCounters1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "claims" IN SHARE MODE`);
    await queryRunner.query(`
      CREATE TABLE "claim_waiting_hours" (
        "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
        "shard" smallint NOT NULL,
        "claim_count" integer NOT NULL,
        CONSTRAINT "claim_waiting_hours_pkey" PRIMARY KEY ("hour", "shard")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "claim_waiting_hours_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT id, waiting_since, 1 AS delta FROM added
                               WHERE waiting_since IS NOT NULL'
          WHEN 'DELETE' THEN 'SELECT id, waiting_since, -1 AS delta FROM removed
                               WHERE waiting_since IS NOT NULL'
          ELSE 'SELECT n.id, n.waiting_since, 1 AS delta
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE n.waiting_since IS NOT NULL AND o.waiting_since IS DISTINCT FROM n.waiting_since
                UNION ALL
                SELECT o.id, o.waiting_since, -1
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE o.waiting_since IS NOT NULL AND o.waiting_since IS DISTINCT FROM n.waiting_since'
        END;
        emptied_hours timestamptz[];
        emptied_shards smallint[];
      BEGIN
        EXECUTE format($statement$
          WITH summed AS (
            SELECT ${HOUR('waiting_since')} AS hour, ${SHARD('id')} AS shard,
                   sum(delta)::integer AS delta
              FROM (%s) AS deltas
             GROUP BY 1, 2
            HAVING sum(delta) <> 0
          ), upserted AS (
            INSERT INTO claim_waiting_hours AS counts (hour, shard, claim_count)
            SELECT hour, shard, delta FROM summed
             ORDER BY hour, shard
            ON CONFLICT (hour, shard)
              DO UPDATE SET claim_count = counts.claim_count + EXCLUDED.claim_count
            RETURNING hour, shard, claim_count
          )
          SELECT array_agg(hour), array_agg(shard) FROM upserted WHERE claim_count = 0
        $statement$, deltas) INTO emptied_hours, emptied_shards;
        IF emptied_hours IS NOT NULL THEN
          DELETE FROM claim_waiting_hours AS counts
           USING unnest(emptied_hours, emptied_shards) AS emptied (hour, shard)
           WHERE counts.hour = emptied.hour AND counts.shard = emptied.shard
             AND counts.claim_count = 0;
        END IF;
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_waiting_hours_after_insert" AFTER INSERT ON "claims"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_waiting_hours_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_waiting_hours_after_update" AFTER UPDATE ON "claims"
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_waiting_hours_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_waiting_hours_after_delete" AFTER DELETE ON "claims"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_waiting_hours_follow"()`);
    await queryRunner.query(`
      INSERT INTO "claim_waiting_hours" ("hour", "shard", "claim_count")
      SELECT ${HOUR('"waiting_since"')}, ${SHARD('"id"')}, count(*)::integer
        FROM "claims"
       WHERE "status" IN ('submitted', 'in_review')
       GROUP BY 1, 2`);

    await replaceDecidedAtIndex(
      queryRunner,
      `("decided_at", (${DECISION_SECONDS})) INCLUDE ("submitted_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceDecidedAtIndex(queryRunner, '("decided_at")');
    for (const operation of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER "claim_waiting_hours_after_${operation}" ON "claims"`);
    }
    await queryRunner.query(`DROP FUNCTION "claim_waiting_hours_follow"()`);
    await queryRunner.query(`DROP TABLE "claim_waiting_hours"`);
  }
}
