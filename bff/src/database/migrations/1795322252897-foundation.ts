import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Partners, users, their memberships and the audit log. */
export class Foundation1795322252897 implements MigrationInterface {
  name = 'Foundation1795322252897';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS citext`);

    await queryRunner.query(`
      CREATE TABLE "partners" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "slug" text NOT NULL,
        "name" text NOT NULL,
        "status" text NOT NULL DEFAULT 'active',
        "time_zone" text NOT NULL,
        "currency" character(3) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "partners_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "partners_status_check" CHECK ("status" IN ('active', 'suspended')),
        CONSTRAINT "partners_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$')
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "partners_slug_key" ON "partners" ("slug")`);

    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" citext NOT NULL,
        "name" text NOT NULL,
        "password_hash" text,
        "status" text NOT NULL DEFAULT 'active',
        "is_staff" boolean NOT NULL DEFAULT false,
        "last_sign_in_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "users_status_check" CHECK ("status" IN ('invited', 'active', 'disabled'))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "users" ("email")`);

    await queryRunner.query(`
      CREATE TABLE "memberships" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "partner_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "role" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "memberships_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "memberships_role_check" CHECK ("role" IN ('viewer', 'manager', 'admin')),
        CONSTRAINT "memberships_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "memberships_partner_id_user_id_key" ON "memberships" ("partner_id", "user_id")`,
    );
    await queryRunner.query(`CREATE INDEX "memberships_user_id_idx" ON "memberships" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "audit_logs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "actor_user_id" uuid,
        "partner_id" uuid,
        "action" text NOT NULL,
        "target" text,
        "ip" inet,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "metadata" jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "audit_logs_actor_user_id_fkey" FOREIGN KEY ("actor_user_id")
          REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION,
        CONSTRAINT "audit_logs_partner_id_fkey" FOREIGN KEY ("partner_id")
          REFERENCES "partners" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "audit_logs_partner_id_at_idx" ON "audit_logs" ("partner_id", "at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_logs_actor_user_id_at_idx" ON "audit_logs" ("actor_user_id", "at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_logs"`);
    await queryRunner.query(`DROP TABLE "memberships"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "partners"`);
    // citext stays: other schemas of the database may use it, and dropping an extension is an operator's call.
  }
}
