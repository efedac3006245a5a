import { DataSource } from 'typeorm';
import { crossTenantRead } from '../src/database/cross-tenant.js';
import { TENANT_TABLES } from '../src/database/entities.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import { takeTenantScopeViolations, tenantScopeViolation } from './support/tenant-scope.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { startTestDatabase } from './support/test-database.js';

describe('the tenant-scope check of the integration suite', () => {
  it('passes statements that scope a tenant table by partner_id', () => {
    for (const sql of [
      `SELECT "m"."role" FROM "memberships" "m" WHERE "m"."partner_id" = $1 AND "m"."user_id" = $2`,
      `SELECT u.status FROM users u LEFT JOIN partners p ON p.slug = $2 LEFT JOIN memberships m ON m.partner_id = p.id AND m.user_id = u.id WHERE u.id = $1`,
      `INSERT INTO "audit_logs"("actor_user_id", "partner_id", "action") VALUES ($1, $2, $3) RETURNING "id"`,
      `UPDATE "invitations" SET "accepted_at" = $1 WHERE "partner_id" = $2 AND "token_hash" = $3`,
      `DELETE FROM "memberships" WHERE "partner_id" = $1 AND "user_id" = $2`,
      `SELECT id FROM users WHERE email = $1`,
      `CREATE TABLE "memberships" ("id" uuid NOT NULL)`,
    ]) {
      expect([sql, tenantScopeViolation(sql)]).toEqual([sql, undefined]);
    }
  });

  it('refuses statements on a tenant table without partner_id where rows are chosen', () => {
    const probes = {
      select: `SELECT role FROM memberships WHERE user_id = $1`,
      'partner_id only in the select list': `SELECT partner_id FROM memberships WHERE user_id = $1`,
      update: `UPDATE "invitations" SET "accepted_at" = $1 WHERE "token_hash" = $2`,
      'partner_id only in SET': `UPDATE memberships SET partner_id = $1 WHERE user_id = $2`,
      delete: `DELETE FROM "memberships" WHERE "user_id" = $1`,
      insert: `INSERT INTO audit_logs (action) VALUES ($1)`,
      'joined in': `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id`,
    };
    for (const [what, sql] of Object.entries(probes)) {
      expect([what, tenantScopeViolation(sql)]).toEqual([what, expect.any(String)]);
    }
  });

  it('accepts a statement without partner_id only as a declared cross-tenant staff read that writes nothing', () => {
    const declared = crossTenantRead('tenant-scope-probe');
    const mark = `/* ${declared.comment} */ `;
    const read = `SELECT count(*) FROM claims c WHERE c.status IN ('submitted', 'in_review')`;
    expect(tenantScopeViolation(read)).toEqual(expect.any(String));
    expect(tenantScopeViolation(`${mark}${read}`)).toBeUndefined();
    // Wrapped (a list's count or EXPLAIN): still the declared read.
    expect(
      tenantScopeViolation(`EXPLAIN (FORMAT JSON) SELECT 1 FROM (${mark}${read}) AS q`),
    ).toBeUndefined();
    for (const sql of [
      `/* cross-tenant staff read: never-declared */ ${read}`,
      `${mark}UPDATE claims SET assignee_user_id = NULL WHERE id = $1`,
      `${mark}DELETE FROM claim_events WHERE claim_id = $1`,
      `${mark}INSERT INTO claim_events (claim_id, kind) VALUES ($1, 'comment')`,
      `${mark}SELECT id FROM claims WHERE id = $1 FOR UPDATE`,
    ]) {
      expect([sql, tenantScopeViolation(sql)]).toEqual([sql, expect.any(String)]);
    }
  });

  it('knows every table with a partner_id column as a tenant table', async () => {
    const database = await startTestDatabase();
    let api: TestApp | undefined;
    try {
      api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
      const dataSource = api.app.get(DataSource);
      const withPartnerId = dataSource.entityMetadatas
        .filter((entity) => entity.columns.some((column) => column.databaseName === 'partner_id'))
        .map((entity) => entity.tableName)
        .sort();
      expect(withPartnerId).toEqual([...TENANT_TABLES].sort());

      // A probe through the application's data source, as a repository would send it: caught.
      await dataSource.query(`SELECT role FROM memberships WHERE user_id = $1`, [
        '00000000-0000-4000-8000-000000000000',
      ]);
      expect(takeTenantScopeViolations()).toEqual([
        'memberships read or deleted without partner_id: SELECT role FROM memberships WHERE user_id = $1',
      ]);
    } finally {
      await api?.close();
      await database.stop();
    }
  });
});
