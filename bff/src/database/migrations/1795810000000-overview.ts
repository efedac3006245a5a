import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The filing window (docs/product.md §5), as the SQL below spells a deadline: the day + 60. */
const WINDOW_DAYS = 60;

/**
 * What the overview (`GET /api/partners/{slug}/overview`, docs/api.md, Overview) reads instead of a
 * partner's claims and movements, so that it costs the same at 10,000,000 movements as at 100:
 * - `unclaimed_movements`: every loss and damage no claim stands for (any status but withdrawn), with
 *   its filing deadline (the occurred day in the partner's time zone + 60). A row comes with the
 *   movement, goes when a claim takes the movement, comes back when that claim is withdrawn or the
 *   draft deleted (or edited to another movement). `unclaimed_movements_deadline_idx` serves "soonest
 *   deadline first" of the needs-attention list;
 * - `unclaimed_movement_counts`: how many of them fall due each day: the list's exact total is the sum
 *   of the days from today on (at most a few dozen rows), never a count of the movements;
 * - `inventory_stock_counts`: how many items of a partner are in stock, low or out (docs/api.md,
 *   InventoryItem `stockState`): the low-stock and out-of-stock KPIs, one primary-key read;
 * - `claims_attention_idx`: the drafts and claims with information requested, in the list's order
 *   (info requested first, then by deadline, then id);
 * - `inventory_movements_recent_idx`: a partner's latest recorded movements (recent activity).
 * All three tables are kept by statement-level triggers in the writing transaction, like
 * `claim_counts` and `inventory_facet_counts`, and backfilled here. A partner's own deletion (whose
 * rows go by cascade) is skipped by the counts: their rows go with it.
 */
export class Overview1795810000000 implements MigrationInterface {
  name = 'Overview1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "claims_attention_idx" ON "claims" ("partner_id", (CASE WHEN "status" = 'info_requested' THEN '-infinity'::date ELSE "incident_date" + ${WINDOW_DAYS} END), "id") WHERE "status" IN ('draft', 'info_requested')`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_movements_recent_idx" ON "inventory_movements" ("partner_id", "recorded_at", "id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "unclaimed_movements" (
        "movement_id" uuid NOT NULL,
        "partner_id" uuid NOT NULL,
        "item_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "quantity" integer NOT NULL,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "deadline" date NOT NULL,
        CONSTRAINT "unclaimed_movements_pkey" PRIMARY KEY ("movement_id"),
        CONSTRAINT "unclaimed_movements_kind_check" CHECK ("kind" IN ('loss', 'damage')),
        CONSTRAINT "unclaimed_movements_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "unclaimed_movements_movement_id_fkey" FOREIGN KEY ("movement_id")
          REFERENCES "inventory_movements" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "unclaimed_movements_deadline_idx" ON "unclaimed_movements" ("partner_id", "deadline", "movement_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "unclaimed_movement_counts" (
        "partner_id" uuid NOT NULL,
        "deadline" date NOT NULL,
        "movement_count" integer NOT NULL,
        CONSTRAINT "unclaimed_movement_counts_pkey" PRIMARY KEY ("partner_id", "deadline"),
        CONSTRAINT "unclaimed_movement_counts_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);

    await queryRunner.query(`
      CREATE TABLE "inventory_stock_counts" (
        "partner_id" uuid NOT NULL,
        "state" text NOT NULL,
        "item_count" integer NOT NULL,
        CONSTRAINT "inventory_stock_counts_pkey" PRIMARY KEY ("partner_id", "state"),
        CONSTRAINT "inventory_stock_counts_state_check" CHECK ("state" IN ('in', 'low', 'out')),
        CONSTRAINT "inventory_stock_counts_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);

    // A loss or damage is unclaimed from the moment it is recorded (no claim can name it yet).
    await queryRunner.query(`
      CREATE FUNCTION "unclaimed_movements_follow_movements"() RETURNS trigger LANGUAGE plpgsql AS $function$
      BEGIN
        INSERT INTO unclaimed_movements (movement_id, partner_id, item_id, kind, quantity, occurred_at, deadline)
        SELECT a.id, a.partner_id, a.item_id, a.kind, a.quantity, a.occurred_at,
               (a.occurred_at AT TIME ZONE p.time_zone)::date + ${WINDOW_DAYS}
          FROM added AS a JOIN partners AS p ON p.id = a.partner_id
         WHERE a.kind IN ('loss', 'damage');
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "unclaimed_movements_after_movement_insert" AFTER INSERT ON "inventory_movements"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "unclaimed_movements_follow_movements"()`);

    // Claims. A new claim that is not withdrawn takes its movement (no lookup: a bulk load of claims
    // sets the claims' indexes aside, and a new withdrawn claim changes nothing). After an update or a
    // deletion, every movement a changed claim named before or after is decided again (unclaimed when
    // no claim but a withdrawn one names it: `claims_movement_id_key`). Only the rows whose movement
    // or whose "withdrawn or not" changed are looked at: a transition between open statuses writes
    // nothing.
    await queryRunner.query(`
      CREATE FUNCTION "unclaimed_movements_follow_claims"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        touched text := CASE TG_OP
          WHEN 'DELETE' THEN 'SELECT movement_id FROM removed'
          ELSE 'SELECT unnest(ARRAY[o.movement_id, n.movement_id])
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE o.movement_id IS DISTINCT FROM n.movement_id
                    OR (o.status = ''withdrawn'') <> (n.status = ''withdrawn'')'
        END;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          DELETE FROM unclaimed_movements AS u USING added AS a
           WHERE u.movement_id = a.movement_id AND a.status <> 'withdrawn';
          RETURN NULL;
        END IF;
        EXECUTE format($statement$
          WITH touched AS (
            SELECT DISTINCT movement_id FROM (%s) AS t (movement_id) WHERE movement_id IS NOT NULL
          ),
          decided AS (
            SELECT t.movement_id,
                   EXISTS (SELECT 1 FROM claims AS c
                            WHERE c.movement_id = t.movement_id AND c.status <> 'withdrawn') AS claimed
              FROM touched AS t
          ),
          gone AS (
            DELETE FROM unclaimed_movements AS u USING decided AS d
             WHERE u.movement_id = d.movement_id AND d.claimed
          )
          INSERT INTO unclaimed_movements (movement_id, partner_id, item_id, kind, quantity, occurred_at, deadline)
          SELECT m.id, m.partner_id, m.item_id, m.kind, m.quantity, m.occurred_at,
                 (m.occurred_at AT TIME ZONE p.time_zone)::date + ${WINDOW_DAYS}
            FROM decided AS d
            JOIN inventory_movements AS m ON m.id = d.movement_id
            JOIN partners AS p ON p.id = m.partner_id
           WHERE NOT d.claimed AND m.kind IN ('loss', 'damage')
          ON CONFLICT (movement_id) DO NOTHING
        $statement$, touched);
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "unclaimed_movements_after_claim_insert" AFTER INSERT ON "claims"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "unclaimed_movements_follow_claims"()`);
    await queryRunner.query(`
      CREATE TRIGGER "unclaimed_movements_after_claim_update" AFTER UPDATE ON "claims"
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "unclaimed_movements_follow_claims"()`);
    await queryRunner.query(`
      CREATE TRIGGER "unclaimed_movements_after_claim_delete" AFTER DELETE ON "claims"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "unclaimed_movements_follow_claims"()`);

    // The counts per deadline follow unclaimed_movements (never updated: rows come and go).
    await queryRunner.query(`
      CREATE FUNCTION "unclaimed_movement_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, deadline, 1 AS delta FROM added'
          ELSE 'SELECT partner_id, deadline, -1 AS delta FROM removed'
        END;
      BEGIN
        EXECUTE format($statement$
          INSERT INTO unclaimed_movement_counts AS counts (partner_id, deadline, movement_count)
          SELECT partner_id, deadline, sum(delta)::integer FROM (%s) AS deltas
           WHERE EXISTS (SELECT 1 FROM partners p WHERE p.id = deltas.partner_id)
           GROUP BY partner_id, deadline
          ON CONFLICT (partner_id, deadline)
            DO UPDATE SET movement_count = counts.movement_count + EXCLUDED.movement_count
        $statement$, deltas);
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "unclaimed_movement_counts_after_insert" AFTER INSERT ON "unclaimed_movements"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "unclaimed_movement_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "unclaimed_movement_counts_after_delete" AFTER DELETE ON "unclaimed_movements"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "unclaimed_movement_counts_follow"()`);

    // The stock state of docs/api.md (InventoryItem): out when available <= 0, low up to the reorder
    // point, else in. An update (every movement updates its item) writes only when a state changed.
    const state = (alias: string) =>
      `CASE WHEN ${alias}.on_hand - ${alias}.reserved <= 0 THEN ''out'' WHEN ${alias}.on_hand - ${alias}.reserved <= ${alias}.reorder_point THEN ''low'' ELSE ''in'' END`;
    await queryRunner.query(`
      CREATE FUNCTION "inventory_stock_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT n.partner_id, ${state('n')} AS state, 1 AS delta FROM added AS n'
          WHEN 'DELETE' THEN 'SELECT o.partner_id, ${state('o')} AS state, -1 AS delta FROM removed AS o'
          ELSE 'SELECT d.partner_id, d.state, d.delta FROM removed AS o JOIN added AS n USING (id),
                  LATERAL (VALUES (n.partner_id, ${state('n')}, 1), (o.partner_id, ${state('o')}, -1))
                    AS d (partner_id, state, delta)
                 WHERE (o.partner_id, ${state('o')}) IS DISTINCT FROM (n.partner_id, ${state('n')})'
        END;
      BEGIN
        EXECUTE format($statement$
          WITH summed AS (
            SELECT partner_id, state, sum(delta)::integer AS delta FROM (%s) AS deltas
             WHERE EXISTS (SELECT 1 FROM partners p WHERE p.id = deltas.partner_id)
             GROUP BY partner_id, state
            HAVING sum(delta) <> 0
          )
          INSERT INTO inventory_stock_counts AS counts (partner_id, state, item_count)
          SELECT partner_id, state, delta FROM summed
          ON CONFLICT (partner_id, state)
            DO UPDATE SET item_count = counts.item_count + EXCLUDED.item_count
        $statement$, deltas);
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_stock_counts_after_insert" AFTER INSERT ON "inventory_items"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_stock_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_stock_counts_after_update" AFTER UPDATE ON "inventory_items"
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_stock_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_stock_counts_after_delete" AFTER DELETE ON "inventory_items"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_stock_counts_follow"()`);

    // Backfill (the counts through their triggers).
    await queryRunner.query(`
      INSERT INTO unclaimed_movements (movement_id, partner_id, item_id, kind, quantity, occurred_at, deadline)
      SELECT m.id, m.partner_id, m.item_id, m.kind, m.quantity, m.occurred_at,
             (m.occurred_at AT TIME ZONE p.time_zone)::date + ${WINDOW_DAYS}
        FROM inventory_movements AS m JOIN partners AS p ON p.id = m.partner_id
       WHERE m.kind IN ('loss', 'damage')
         AND NOT EXISTS (SELECT 1 FROM claims AS c
                          WHERE c.movement_id = m.id AND c.status <> 'withdrawn')`);
    await queryRunner.query(`
      INSERT INTO inventory_stock_counts (partner_id, state, item_count)
      SELECT partner_id, ${state('i').replace(/''/g, "'")}, count(*)::integer
        FROM inventory_items AS i GROUP BY 1, 2`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [trigger, table] of [
      ['inventory_stock_counts_after_delete', 'inventory_items'],
      ['inventory_stock_counts_after_update', 'inventory_items'],
      ['inventory_stock_counts_after_insert', 'inventory_items'],
      ['unclaimed_movements_after_claim_delete', 'claims'],
      ['unclaimed_movements_after_claim_update', 'claims'],
      ['unclaimed_movements_after_claim_insert', 'claims'],
      ['unclaimed_movements_after_movement_insert', 'inventory_movements'],
    ]) {
      await queryRunner.query(`DROP TRIGGER "${trigger}" ON "${table}"`);
    }
    await queryRunner.query(`DROP TABLE "inventory_stock_counts"`);
    await queryRunner.query(`DROP TABLE "unclaimed_movements"`);
    await queryRunner.query(`DROP TABLE "unclaimed_movement_counts"`);
    await queryRunner.query(`DROP FUNCTION "inventory_stock_counts_follow"()`);
    await queryRunner.query(`DROP FUNCTION "unclaimed_movement_counts_follow"()`);
    await queryRunner.query(`DROP FUNCTION "unclaimed_movements_follow_claims"()`);
    await queryRunner.query(`DROP FUNCTION "unclaimed_movements_follow_movements"()`);
    await queryRunner.query(`DROP INDEX "inventory_movements_recent_idx"`);
    await queryRunner.query(`DROP INDEX "claims_attention_idx"`);
  }
}
