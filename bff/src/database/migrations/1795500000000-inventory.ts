import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory items, their movements, and the facet counts the filter bar reads (docs/product.md §4).
 * Each index is named after what it serves:
 * - `inventory_items_list_<sort>_idx`: one per sortable field of the list, `(partner_id, <sort>, id)`, so
 *   a keyset page of any sort is an index range scan, as cheap at the millionth row as at the first;
 * - `inventory_items_search_trgm_idx`: the substring search on SKU, name and barcode (`pg_trgm`);
 * - `inventory_movements_history_idx`: an item's movement history, newest first.
 */
export class Inventory1795500000000 implements MigrationInterface {
  name = 'Inventory1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await queryRunner.query(`
      CREATE TABLE "inventory_items" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "sku" text COLLATE "C" NOT NULL,
        "name" text NOT NULL,
        "category" text NOT NULL,
        "barcode" text COLLATE "C",
        "warehouse" text NOT NULL,
        "unit_value" integer NOT NULL,
        "on_hand" integer NOT NULL DEFAULT '0',
        "reserved" integer NOT NULL DEFAULT '0',
        "inbound" integer NOT NULL DEFAULT '0',
        "damaged" integer NOT NULL DEFAULT '0',
        "reorder_point" integer NOT NULL DEFAULT '0',
        "status" text NOT NULL DEFAULT 'active',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "inventory_items_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "inventory_items_status_check" CHECK ("status" IN ('active', 'discontinued')),
        CONSTRAINT "inventory_items_quantities_check" CHECK ("on_hand" >= 0 AND "reserved" >= 0 AND "inbound" >= 0 AND "damaged" >= 0 AND "reorder_point" >= 0),
        CONSTRAINT "inventory_items_unit_value_check" CHECK ("unit_value" >= 0),
        CONSTRAINT "inventory_items_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "inventory_items_partner_id_sku_key" ON "inventory_items" ("partner_id", "sku")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_list_sku_idx" ON "inventory_items" ("partner_id", "sku", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_list_name_idx" ON "inventory_items" ("partner_id", "name", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_list_on_hand_idx" ON "inventory_items" ("partner_id", "on_hand", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_list_available_idx" ON "inventory_items" ("partner_id", ("on_hand" - "reserved"), "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_list_value_idx" ON "inventory_items" ("partner_id", ("on_hand"::bigint * "unit_value"), "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_list_updated_at_idx" ON "inventory_items" ("partner_id", "updated_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_search_trgm_idx" ON "inventory_items"
         USING gin ((("sku" || ' ' || "name" || ' ' || coalesce("barcode", '')) COLLATE "default") gin_trgm_ops)`,
    );

    await queryRunner.query(`
      CREATE TABLE "inventory_movements" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "item_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "quantity" integer NOT NULL,
        "reference" text,
        "note" text,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "recorded_by_user_id" uuid,
        CONSTRAINT "inventory_movements_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "inventory_movements_kind_check" CHECK ("kind" IN ('receipt', 'shipment', 'adjustment', 'damage', 'loss', 'return', 'transfer')),
        CONSTRAINT "inventory_movements_quantity_sign_check" CHECK (("kind" IN ('receipt', 'return') AND "quantity" > 0) OR ("kind" IN ('shipment', 'damage', 'loss') AND "quantity" < 0) OR ("kind" IN ('adjustment', 'transfer') AND "quantity" <> 0)),
        CONSTRAINT "inventory_movements_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "inventory_movements_item_id_fkey" FOREIGN KEY ("item_id")
          REFERENCES "inventory_items" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "inventory_movements_recorded_by_user_id_fkey" FOREIGN KEY ("recorded_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "inventory_movements_history_idx" ON "inventory_movements" ("partner_id", "item_id", "occurred_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_movements_recorded_by_user_id_idx" ON "inventory_movements" ("recorded_by_user_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "inventory_facet_counts" (
        "partner_id" uuid NOT NULL,
        "facet" text NOT NULL,
        "value" text NOT NULL,
        "item_count" integer NOT NULL,
        CONSTRAINT "inventory_facet_counts_pkey" PRIMARY KEY ("partner_id", "facet", "value"),
        CONSTRAINT "inventory_facet_counts_facet_check" CHECK ("facet" IN ('category', 'warehouse')),
        CONSTRAINT "inventory_facet_counts_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    // The counts follow every statement on inventory_items, bulk loads included: once per statement
    // (transition tables), only for the rows whose partner, category or warehouse came or went, so a
    // movement's update of the quantities writes nothing here. A count that drops to 0 stays as a row
    // (the facets read only counts above 0).
    await queryRunner.query(`
      CREATE FUNCTION "inventory_facet_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $function$
      DECLARE
        changed_rows text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, category, warehouse, 1 AS delta FROM added'
          WHEN 'DELETE' THEN 'SELECT partner_id, category, warehouse, -1 AS delta FROM removed'
          ELSE 'SELECT n.partner_id, n.category, n.warehouse, 1 AS delta, o.partner_id AS old_partner_id,
                       o.category AS old_category, o.warehouse AS old_warehouse
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.partner_id, o.category, o.warehouse) IS DISTINCT FROM (n.partner_id, n.category, n.warehouse)'
        END;
        deltas text := CASE TG_OP
          WHEN 'UPDATE' THEN 'SELECT partner_id, category, warehouse, delta FROM changed
                              UNION ALL SELECT old_partner_id, old_category, old_warehouse, -1 FROM changed'
          ELSE 'SELECT partner_id, category, warehouse, delta FROM changed'
        END;
      BEGIN
        EXECUTE format($statement$
          WITH changed AS (%s), deltas AS (%s),
          summed AS (
            SELECT partner_id, facet, value, sum(delta)::integer AS delta
              FROM deltas, LATERAL (VALUES ('category', category), ('warehouse', warehouse)) AS f (facet, value)
             GROUP BY partner_id, facet, value
            HAVING sum(delta) <> 0
          )
          INSERT INTO inventory_facet_counts AS counts (partner_id, facet, value, item_count)
          SELECT partner_id, facet, value, delta FROM summed
          ON CONFLICT (partner_id, facet, value)
            DO UPDATE SET item_count = counts.item_count + EXCLUDED.item_count
        $statement$, changed_rows, deltas);
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_facet_counts_after_insert" AFTER INSERT ON "inventory_items"
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_facet_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_facet_counts_after_update" AFTER UPDATE ON "inventory_items"
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_facet_counts_follow"()`);
    await queryRunner.query(`
      CREATE TRIGGER "inventory_facet_counts_after_delete" AFTER DELETE ON "inventory_items"
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION "inventory_facet_counts_follow"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inventory_facet_counts"`);
    await queryRunner.query(`DROP TABLE "inventory_movements"`);
    await queryRunner.query(`DROP TABLE "inventory_items"`);
    await queryRunner.query(`DROP FUNCTION "inventory_facet_counts_follow"()`);
  }
}
