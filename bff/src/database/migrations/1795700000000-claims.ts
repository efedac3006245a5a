import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims, their timeline, their evidence and the per-partner claim numbers (docs/product.md §4).
 * Each index is named after what it serves:
 * - `claims_list_<sort>_idx`: one per sortable field of the list, `(partner_id, <sort>, id)`; the sort
 *   by number reads `claims_partner_id_number_key`, which also finds a claim by its number;
 * - `claims_status_created_at_idx`: a status tab with a date range, in the list's default order;
 * - `claims_item_idx`: an item's claims (the item page, and the list's search by item);
 * - `claims_movement_id_key`: at most one claim per movement that still stands for it (any status
 *   but withdrawn);
 * - `claims_idempotency_key`: a creation's `Idempotency-Key`, per partner and creator;
 * - `claim_events_timeline_idx`, `claim_events_recent_idx`: a claim's timeline, a partner's latest
 *   events;
 * - `claim_attachments_claim_idx`: a claim's evidence.
 * `claim_counts` (per partner, status and type) is kept by triggers, like `inventory_facet_counts`.
 */
export class Claims1795700000000 implements MigrationInterface {
  name = 'Claims1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "claim_number_counters" (
        "partner_id" uuid NOT NULL,
        "last_number" integer NOT NULL,
        CONSTRAINT "claim_number_counters_pkey" PRIMARY KEY ("partner_id"),
        CONSTRAINT "claim_number_counters_last_number_check" CHECK ("last_number" >= 0),
        CONSTRAINT "claim_number_counters_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);

    await queryRunner.query(`
      CREATE TABLE "claims" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "number" integer NOT NULL,
        "type" text NOT NULL,
        "status" text NOT NULL DEFAULT 'draft',
        "item_id" uuid,
        "movement_id" uuid,
        "quantity" integer NOT NULL,
        "unit_value" integer NOT NULL,
        "amount_claimed" bigint NOT NULL,
        "amount_approved" bigint,
        "currency" text NOT NULL,
        "incident_date" date NOT NULL,
        "description" text NOT NULL,
        "reference" text,
        "created_by_user_id" uuid,
        "submitted_at" TIMESTAMP WITH TIME ZONE,
        "decided_at" TIMESTAMP WITH TIME ZONE,
        "decision_reason" text,
        "payout_reference" text,
        "version" integer NOT NULL DEFAULT '1',
        "idempotency_key" text,
        "request_fingerprint" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "claims_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "claims_status_check" CHECK ("status" IN ('draft', 'submitted', 'in_review', 'info_requested', 'approved', 'rejected', 'paid', 'withdrawn')),
        CONSTRAINT "claims_type_check" CHECK ("type" IN ('lost', 'damaged', 'shortage', 'other')),
        CONSTRAINT "claims_item_check" CHECK ("type" = 'other' OR "item_id" IS NOT NULL),
        CONSTRAINT "claims_number_check" CHECK ("number" >= 1),
        CONSTRAINT "claims_quantity_check" CHECK ("quantity" >= 1),
        CONSTRAINT "claims_amounts_check" CHECK ("unit_value" >= 0 AND "amount_claimed" = "quantity"::bigint * "unit_value" AND ("amount_approved" IS NULL OR "amount_approved" BETWEEN 1 AND "amount_claimed")),
        CONSTRAINT "claims_description_check" CHECK (char_length("description") BETWEEN 10 AND 5000),
        CONSTRAINT "claims_version_check" CHECK ("version" >= 1),
        CONSTRAINT "claims_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claims_item_id_fkey" FOREIGN KEY ("item_id")
          REFERENCES "inventory_items" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claims_movement_id_fkey" FOREIGN KEY ("movement_id")
          REFERENCES "inventory_movements" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claims_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "claims_partner_id_number_key" ON "claims" ("partner_id", "number")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_list_created_at_idx" ON "claims" ("partner_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_list_incident_date_idx" ON "claims" ("partner_id", "incident_date", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_list_amount_claimed_idx" ON "claims" ("partner_id", "amount_claimed", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_list_updated_at_idx" ON "claims" ("partner_id", "updated_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_status_created_at_idx" ON "claims" ("partner_id", "status", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_item_idx" ON "claims" ("partner_id", "item_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "claims_movement_id_key" ON "claims" ("movement_id") WHERE "movement_id" IS NOT NULL AND "status" <> 'withdrawn'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "claims_idempotency_key" ON "claims" ("partner_id", "created_by_user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "claims_created_by_user_id_idx" ON "claims" ("created_by_user_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "claim_counts" (
        "partner_id" uuid NOT NULL,
        "status" text NOT NULL,
        "type" text NOT NULL,
        "claim_count" integer NOT NULL,
        CONSTRAINT "claim_counts_pkey" PRIMARY KEY ("partner_id", "status", "type"),
        CONSTRAINT "claim_counts_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    // The counts follow every statement on claims, bulk loads included: once per statement (transition
    // tables), only for the rows whose partner, status or type changed; an edit of a draft's fields
    // writes nothing here.
    await queryRunner.query(`
      CREATE FUNCTION "claim_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, status, type, 1 AS delta FROM added'
          WHEN 'DELETE' THEN 'SELECT partner_id, status, type, -1 AS delta FROM removed'
          ELSE 'SELECT n.partner_id, n.status, n.type, 1 AS delta
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.partner_id, o.status, o.type) IS DISTINCT FROM (n.partner_id, n.status, n.type)
                UNION ALL
                SELECT o.partner_id, o.status, o.type, -1
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.partner_id, o.status, o.type) IS DISTINCT FROM (n.partner_id, n.status, n.type)'
        END;
      BEGIN
        EXECUTE format($statement$
          WITH summed AS (
            SELECT partner_id, status, type, sum(delta)::integer AS delta
              FROM (%s) AS deltas
             GROUP BY partner_id, status, type
            HAVING sum(delta) <> 0
          )
          INSERT INTO claim_counts AS counts (partner_id, status, type, claim_count)
          SELECT partner_id, status, type, delta FROM summed
          ON CONFLICT (partner_id, status, type)
            DO UPDATE SET claim_count = counts.claim_count + EXCLUDED.claim_count
        $statement$, deltas);
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_counts_after_insert" AFTER INSERT ON "claims"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_counts_after_update" AFTER UPDATE ON "claims"
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "claim_counts_after_delete" AFTER DELETE ON "claims"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "claim_counts_follow"()`);

    await queryRunner.query(`
      CREATE TABLE "claim_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "claim_id" uuid NOT NULL,
        "actor_user_id" uuid,
        "kind" text NOT NULL,
        "from_status" text,
        "to_status" text,
        "body" text,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "claim_events_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "claim_events_kind_check" CHECK ("kind" IN ('created', 'transition', 'comment', 'edit', 'attachment')),
        CONSTRAINT "claim_events_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claim_events_claim_id_fkey" FOREIGN KEY ("claim_id")
          REFERENCES "claims" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claim_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "claim_events_timeline_idx" ON "claim_events" ("partner_id", "claim_id", "at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claim_events_recent_idx" ON "claim_events" ("partner_id", "at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claim_events_actor_user_id_idx" ON "claim_events" ("actor_user_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "claim_evidence_blobs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "content" bytea NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "claim_evidence_blobs_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "claim_evidence_blobs_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);

    await queryRunner.query(`
      CREATE TABLE "claim_attachments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "claim_id" uuid NOT NULL,
        "filename" text NOT NULL,
        "content_type" text NOT NULL,
        "size" integer NOT NULL,
        "sha256" text NOT NULL,
        "storage_key" text NOT NULL,
        "uploaded_by_user_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "claim_attachments_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "claim_attachments_content_type_check" CHECK ("content_type" IN ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
        CONSTRAINT "claim_attachments_size_check" CHECK ("size" BETWEEN 1 AND 10485760),
        CONSTRAINT "claim_attachments_sha256_check" CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
        CONSTRAINT "claim_attachments_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claim_attachments_claim_id_fkey" FOREIGN KEY ("claim_id")
          REFERENCES "claims" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "claim_attachments_uploaded_by_user_id_fkey" FOREIGN KEY ("uploaded_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "claim_attachments_claim_idx" ON "claim_attachments" ("partner_id", "claim_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "claim_attachments_uploaded_by_user_id_idx" ON "claim_attachments" ("uploaded_by_user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "claim_attachments"`);
    await queryRunner.query(`DROP TABLE "claim_evidence_blobs"`);
    await queryRunner.query(`DROP TABLE "claim_events"`);
    await queryRunner.query(`DROP TABLE "claims"`);
    await queryRunner.query(`DROP FUNCTION "claim_counts_follow"()`);
    await queryRunner.query(`DROP TABLE "claim_counts"`);
    await queryRunner.query(`DROP TABLE "claim_number_counters"`);
  }
}
