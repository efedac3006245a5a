import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The statuses in which a claim waits for the network (docs/product.md §3a, the review queue). */
const WAITING = `"status" IN ('submitted', 'in_review')`;

/**
 * The staff workspace (docs/product.md §3a): a claim's assignee, when it last came to staff
 * (`waiting_since`), and a pending first approval; the staff-only timeline events.
 *
 * - `waiting_since` is set exactly while a claim waits for the network (the check), by the trigger
 *   `claims_waiting_since` in the statement that changes the status, whoever writes it: a claim that
 *   comes to staff (`submit`, or `respond`: from a status that was not waiting) waits since that
 *   statement's `updated_at` (the transition's time) unless the statement sets it; `start_review`
 *   keeps it; every status outside the two clears it. Backfilled from the latest answer or the
 *   submission.
 * - A pending approval (`pending_approval_*`, amount and time both or neither, only `in_review`) is a
 *   first staff member's approval above the second-approval threshold, waiting for a second one; the
 *   same trigger clears it when the claim leaves `in_review` (approved, rejected, info requested).
 * - Indexes of the queue, all partial on the waiting claims (a small part of the table): oldest waiting
 *   across partners (`claims_queue_waiting_idx`), within a partner (`claims_queue_partner_idx`), of an
 *   assignee (`claims_queue_assignee_idx`), by amount and by submission (the queue's other sorts);
 *   decisions by time (`claims_decided_at_idx`: the summary's decided in 7 days and median of 30).
 */
export class StaffWorkspace1796400000000 implements MigrationInterface {
  name = 'StaffWorkspace1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "claims"
        ADD "assignee_user_id" uuid,
        ADD "waiting_since" TIMESTAMP WITH TIME ZONE,
        ADD "pending_approval_by_user_id" uuid,
        ADD "pending_approval_amount" bigint,
        ADD "pending_approval_at" TIMESTAMP WITH TIME ZONE,
        ADD CONSTRAINT "claims_assignee_user_id_fkey" FOREIGN KEY ("assignee_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION,
        ADD CONSTRAINT "claims_pending_approval_by_user_id_fkey" FOREIGN KEY ("pending_approval_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION`);

    await queryRunner.query(`
      CREATE FUNCTION "claims_waiting_since"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."status" IN ('submitted', 'in_review') THEN
          IF TG_OP = 'INSERT' THEN
            NEW."waiting_since" := coalesce(NEW."waiting_since", NEW."submitted_at", NEW."updated_at");
          ELSIF OLD."status" NOT IN ('submitted', 'in_review') THEN
            IF NEW."waiting_since" IS NOT DISTINCT FROM OLD."waiting_since" THEN
              NEW."waiting_since" := NEW."updated_at";
            END IF;
          ELSIF NEW."waiting_since" IS NULL THEN
            NEW."waiting_since" := coalesce(OLD."waiting_since", NEW."updated_at");
          END IF;
        ELSE
          NEW."waiting_since" := NULL;
        END IF;
        IF NEW."status" <> 'in_review' THEN
          NEW."pending_approval_by_user_id" := NULL;
          NEW."pending_approval_amount" := NULL;
          NEW."pending_approval_at" := NULL;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "claims_waiting_since" BEFORE INSERT OR UPDATE OF "status" ON "claims"
        FOR EACH ROW EXECUTE FUNCTION "claims_waiting_since"()`);

    await queryRunner.query(`
      UPDATE "claims" c
         SET "waiting_since" = coalesce(
               (SELECT max(e."at") FROM "claim_events" e
                 WHERE e."partner_id" = c."partner_id" AND e."claim_id" = c."id"
                   AND e."kind" = 'transition' AND e."from_status" = 'info_requested'
                   AND e."to_status" = 'in_review'),
               c."submitted_at", c."updated_at")
       WHERE c.${WAITING}`);

    await queryRunner.query(`
      ALTER TABLE "claims"
        ADD CONSTRAINT "claims_waiting_since_check"
          CHECK (("waiting_since" IS NOT NULL) = ("status" IN ('submitted', 'in_review'))),
        ADD CONSTRAINT "claims_pending_approval_check"
          CHECK (("pending_approval_amount" IS NULL AND "pending_approval_at" IS NULL)
            OR ("status" = 'in_review' AND "pending_approval_at" IS NOT NULL
              AND "pending_approval_amount" BETWEEN 1 AND "amount_claimed"))`);

    await queryRunner.query(`
      ALTER TABLE "claim_events" DROP CONSTRAINT "claim_events_kind_check",
        ADD CONSTRAINT "claim_events_kind_check" CHECK ("kind" IN ('created', 'transition', 'comment', 'edit', 'attachment', 'internal_note', 'assignment', 'approval_requested'))`);

    for (const [name, columns] of [
      ['claims_queue_waiting_idx', '"waiting_since", "id"'],
      ['claims_queue_partner_idx', '"partner_id", "waiting_since", "id"'],
      ['claims_queue_assignee_idx', '"assignee_user_id", "waiting_since", "id"'],
      ['claims_queue_amount_claimed_idx', '"amount_claimed", "id"'],
      ['claims_queue_submitted_at_idx', '"submitted_at", "id"'],
    ] as const) {
      await queryRunner.query(`CREATE INDEX "${name}" ON "claims" (${columns}) WHERE ${WAITING}`);
    }
    await queryRunner.query(
      `CREATE INDEX "claims_decided_at_idx" ON "claims" ("decided_at") WHERE "decided_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_assignee_user_id_idx" ON "claims" ("assignee_user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_pending_approval_by_user_id_idx" ON "claims" ("pending_approval_by_user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM "claim_events" WHERE "kind" IN ('internal_note', 'assignment', 'approval_requested')`,
    );
    await queryRunner.query(`
      ALTER TABLE "claim_events" DROP CONSTRAINT "claim_events_kind_check",
        ADD CONSTRAINT "claim_events_kind_check" CHECK ("kind" IN ('created', 'transition', 'comment', 'edit', 'attachment'))`);
    for (const name of [
      'claims_queue_waiting_idx',
      'claims_queue_partner_idx',
      'claims_queue_assignee_idx',
      'claims_queue_amount_claimed_idx',
      'claims_queue_submitted_at_idx',
      'claims_decided_at_idx',
      'claims_assignee_user_id_idx',
      'claims_pending_approval_by_user_id_idx',
    ]) {
      await queryRunner.query(`DROP INDEX "${name}"`);
    }
    await queryRunner.query(`DROP TRIGGER "claims_waiting_since" ON "claims"`);
    await queryRunner.query(`DROP FUNCTION "claims_waiting_since"()`);
    await queryRunner.query(`
      ALTER TABLE "claims"
        DROP CONSTRAINT "claims_pending_approval_check",
        DROP CONSTRAINT "claims_waiting_since_check",
        DROP "pending_approval_at",
        DROP "pending_approval_amount",
        DROP "pending_approval_by_user_id",
        DROP "waiting_since",
        DROP "assignee_user_id"`);
  }
}
