import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `inventory_stock_totals`: a partner's units on hand and their value (Σ on_hand, Σ on_hand × unit_value
 * over its items) now, so that the analytics' stock series (today's stock less the later movements of
 * `inventory_daily_stats`) read one row instead of summing every item (docs/performance.md, "Inventory at a million items").
 * Kept by statement-level triggers on `inventory_items` (transition tables), like
 * `inventory_facet_counts`: inserts, every update that changes on hand or unit value (a movement's), and
 * deletions; a partner's own deletion (whose items go by cascade) is skipped, its row goes with it.
 * Backfilled by one INSERT … SELECT … GROUP BY.
 */
export class InventoryStockTotals1795800000001 implements MigrationInterface {
  name = 'InventoryStockTotals1795800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "inventory_stock_totals" (
        "partner_id" uuid NOT NULL,
        "units" bigint NOT NULL,
        "value" bigint NOT NULL,
        CONSTRAINT "inventory_stock_totals_pkey" PRIMARY KEY ("partner_id"),
        CONSTRAINT "inventory_stock_totals_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "inventory_stock_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, on_hand::bigint AS units, on_hand::bigint * unit_value AS value FROM added'
          WHEN 'DELETE' THEN 'SELECT partner_id, -on_hand::bigint, -on_hand::bigint * unit_value FROM removed'
          ELSE 'SELECT n.partner_id, n.on_hand::bigint - o.on_hand,
                       n.on_hand::bigint * n.unit_value - o.on_hand::bigint * o.unit_value
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.on_hand, o.unit_value) IS DISTINCT FROM (n.on_hand, n.unit_value)'
        END;
      BEGIN
        EXECUTE format($statement$
          INSERT INTO inventory_stock_totals AS t (partner_id, units, value)
          SELECT d.partner_id, sum(d.units), sum(d.value)
            FROM (%s) AS d (partner_id, units, value)
           WHERE EXISTS (SELECT 1 FROM partners p WHERE p.id = d.partner_id)
           GROUP BY d.partner_id
          ON CONFLICT (partner_id)
            DO UPDATE SET units = t.units + EXCLUDED.units, value = t.value + EXCLUDED.value
        $statement$, deltas);
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_stock_totals_after_insert" AFTER INSERT ON "inventory_items"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_stock_totals_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_stock_totals_after_update" AFTER UPDATE ON "inventory_items"
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_stock_totals_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_stock_totals_after_delete" AFTER DELETE ON "inventory_items"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_stock_totals_follow"()`);
    // The items already there, after the triggers (which lock the table until the migration commits).
    await queryRunner.query(`
      INSERT INTO inventory_stock_totals (partner_id, units, value)
      SELECT partner_id, sum(on_hand), sum(on_hand::bigint * unit_value)
        FROM inventory_items GROUP BY partner_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TRIGGER "inventory_stock_totals_after_delete" ON "inventory_items"`,
    );
    await queryRunner.query(
      `DROP TRIGGER "inventory_stock_totals_after_update" ON "inventory_items"`,
    );
    await queryRunner.query(
      `DROP TRIGGER "inventory_stock_totals_after_insert" ON "inventory_items"`,
    );
    await queryRunner.query(`DROP FUNCTION "inventory_stock_totals_follow"()`);
    await queryRunner.query(`DROP TABLE "inventory_stock_totals"`);
  }
}
