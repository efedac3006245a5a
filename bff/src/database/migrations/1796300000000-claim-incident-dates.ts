import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A draft bound to a movement takes its movement's day in the partner's time zone as its incident date
 * (docs/product.md, "Claims you can trust"): rows written before that rule may say another day. Only
 * drafts are set; a submitted or decided claim keeps the incident date it was submitted and decided with
 * (its record; its window no longer matters). Plain SQL, accepted by PGlite and PostgreSQL alike.
 */
export class ClaimIncidentDates1796300000000 implements MigrationInterface {
  name = 'ClaimIncidentDates1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE "claims" c
         SET "incident_date" = (m."occurred_at" AT TIME ZONE p."time_zone")::date
        FROM "inventory_movements" m, "partners" p
       WHERE c."status" = 'draft'
         AND m."partner_id" = c."partner_id" AND m."id" = c."movement_id"
         AND p."id" = c."partner_id"
         AND c."incident_date" <> (m."occurred_at" AT TIME ZONE p."time_zone")::date`);
  }

  async down(): Promise<void> {
    // The stale dates are not kept: nothing to restore.
  }
}
