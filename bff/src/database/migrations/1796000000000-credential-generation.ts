import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credential generation (docs/decisions.md, Identity): `users.credential_generation`, raised by
 * every invalidation of a user's sessions, and the generation each refresh token was issued under.
 * Existing tokens are of generation 0, like their users: they stay valid until the next invalidation.
 * The refresh tokens' column has no default: every token names the generation it was issued under.
 */
export class CredentialGeneration1796000000000 implements MigrationInterface {
  name = 'CredentialGeneration1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD "credential_generation" integer NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD "credential_generation" integer NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ALTER COLUMN "credential_generation" DROP DEFAULT`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP COLUMN "credential_generation"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "credential_generation"`);
  }
}
