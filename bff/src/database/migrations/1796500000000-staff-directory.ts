import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff partner directory's order (docs/api.md, The staff workspace: `GET /api/staff/partners`,
 * by name by default, ties by id): a page is a range of `partners_name_idx` instead of a sort of every
 * partner of the network.
 */
export class StaffDirectory1796500000000 implements MigrationInterface {
  name = 'StaffDirectory1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "partners_name_idx" ON "partners" ("name", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "partners_name_idx"`);
  }
}
