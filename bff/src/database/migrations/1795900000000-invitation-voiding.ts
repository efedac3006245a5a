import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations an admin controls (docs/api.md, Invitations): `revoked_at` for an invitation revoked by
 * an admin, and a trigger that voids the pending invitations of a member who is removed from the
 * partner or no longer an admin of it, whatever removed or demoted them; `invitations_pending_idx`
 * serves the partner's pending list.
 */
export class InvitationVoiding1795900000000 implements MigrationInterface {
  name = 'InvitationVoiding1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invitations" ADD "revoked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "invitations_pending_idx" ON "invitations" ("partner_id", "created_at", "id") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "invitations_void_by_former_admin"() RETURNS trigger LANGUAGE plpgsql AS $function$
      BEGIN
        IF TG_OP = 'DELETE' OR (OLD.role = 'admin' AND NEW.role <> 'admin') THEN
          UPDATE invitations
             SET revoked_at = now()
           WHERE partner_id = OLD.partner_id
             AND invited_by_user_id = OLD.user_id
             AND accepted_at IS NULL
             AND revoked_at IS NULL;
        END IF;
        RETURN NULL;
      END $function$`);
    await queryRunner.query(`
      CREATE TRIGGER "memberships_void_invitations" AFTER UPDATE OF "role" OR DELETE ON "memberships"
        FOR EACH ROW EXECUTE FUNCTION "invitations_void_by_former_admin"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "memberships_void_invitations" ON "memberships"`);
    await queryRunner.query(`DROP FUNCTION "invitations_void_by_former_admin"()`);
    await queryRunner.query(`DROP INDEX "invitations_pending_idx"`);
    await queryRunner.query(`ALTER TABLE "invitations" DROP COLUMN "revoked_at"`);
  }
}
