import type { MigrationInterface, QueryRunner } from 'typeorm';

const LOW = `("on_hand" - "reserved") > 0 AND ("on_hand" - "reserved") <= "reorder_point"`;
const OUT = `("on_hand" - "reserved") <= 0`;
/** The sorts that follow the stock state: walking them in order passes the other states first. */
const STOCK_SORTS = {
  on_hand: `"on_hand"`,
  available: `("on_hand" - "reserved")`,
  value: `("on_hand"::bigint * "unit_value")`,
} as const;

/**
 * Indexes for the inventory list's filters, found by EXPLAIN on 200,000 items of one partner (the
 * figures: docs/api.md, Inventory):
 * - `inventory_items_{category,warehouse}_idx`: a rare category or warehouse is read through its own
 *   index and sorted, instead of walking every item of the partner in the list's order to find it
 *   (the planner knows these columns' frequencies and picks the cheaper way);
 * - `inventory_items_{low,out}_<sort>_idx`: the stock filter under the sorts that move with the stock
 *   (on hand, available, value): without them `?stock=out&sort=-available` walks every item in stock
 *   before the first one out (docs/performance.md, "Inventory at a million items"). Partial, so each holds only
 *   the low or out items; the list's conditions are spelled as their predicates.
 */
export class InventoryListFilters1795600000000 implements MigrationInterface {
  name = 'InventoryListFilters1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "inventory_items_category_idx" ON "inventory_items" ("partner_id", "category")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inventory_items_warehouse_idx" ON "inventory_items" ("partner_id", "warehouse")`,
    );
    for (const [state, predicate] of [
      ['low', LOW],
      ['out', OUT],
    ] as const) {
      for (const [sort, expression] of Object.entries(STOCK_SORTS)) {
        await queryRunner.query(
          `CREATE INDEX "inventory_items_${state}_${sort}_idx" ON "inventory_items" ("partner_id", ${expression}, "id") WHERE ${predicate}`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const state of ['low', 'out']) {
      for (const sort of Object.keys(STOCK_SORTS)) {
        await queryRunner.query(`DROP INDEX "inventory_items_${state}_${sort}_idx"`);
      }
    }
    await queryRunner.query(`DROP INDEX "inventory_items_warehouse_idx"`);
    await queryRunner.query(`DROP INDEX "inventory_items_category_idx"`);
  }
}
