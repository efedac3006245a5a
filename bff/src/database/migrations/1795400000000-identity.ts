import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions (refresh tokens), password reset tokens, invitations, and users.tokens_valid_after. */
export class Identity1795400000000 implements MigrationInterface {
  name = 'Identity1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD "tokens_valid_after" TIMESTAMP WITH TIME ZONE`,
    );

    await queryRunner.query(`
      CREATE TABLE "refresh_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "family_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "family_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" ("family_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens" ("user_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "password_reset_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" ("user_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "invitations" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "email" citext NOT NULL,
        "role" text NOT NULL,
        "token_hash" text NOT NULL,
        "invited_by_user_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "accepted_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "invitations_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "invitations_role_check" CHECK ("role" IN ('viewer', 'manager', 'admin')),
        CONSTRAINT "invitations_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "invitations_invited_by_user_id_fkey" FOREIGN KEY ("invited_by_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "invitations_partner_id_idx" ON "invitations" ("partner_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "invitations"`);
    await queryRunner.query(`DROP TABLE "password_reset_tokens"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "tokens_valid_after"`);
  }
}
