import type { BeforeQueryEvent, DataSource, EntitySubscriberInterface } from 'typeorm';
import { crossTenantReadOf } from '#src/database/cross-tenant.js';
import { TENANT_TABLES } from '#src/database/entities.js';

const DDL = /^\s*(create|alter|drop|comment|truncate|lock)\b/i;

const WRITES =
  /\b(insert\s+into|update\s+"?[a-z_]+"?\s+set|delete\s+from|for\s+(no\s+key\s+)?update|for\s+share)\b/i;

/**
 * Why a statement breaks tenant scoping, or undefined when it does not: a statement that touches a
 * tenant table must name `partner_id` where it selects rows (after FROM: joins and WHERE), in UPDATE's
 * WHERE, or in INSERT's column list. A select list or a SET clause naming it does not count.
 * The one exception: a statement marked as a declared cross-tenant staff read
 * (`#src/database/cross-tenant.ts`) that writes and locks nothing.
 */
export function tenantScopeViolation(
  sql: string,
  tables: readonly string[] = TENANT_TABLES,
): string | undefined {
  if (DDL.test(sql)) return undefined;
  const text = sql.replace(/\s+/g, ' ');
  const crossTenant = crossTenantReadOf(text);
  if (crossTenant === 'undeclared') return 'a cross-tenant mark of a read no code declared';
  if (crossTenant !== undefined) {
    return WRITES.test(text) ? `cross-tenant read ${crossTenant} writes or locks` : undefined;
  }
  const touched = new Set<string>();
  for (const match of text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
    const table = match[1]?.toLowerCase();
    if (table !== undefined && tables.includes(table)) touched.add(table);
  }
  if (touched.size === 0) return undefined;
  const scoped = (part: string | undefined) => part !== undefined && /\bpartner_id\b/i.test(part);
  for (const table of touched) {
    const insert = new RegExp(`\\binsert into "?${table}"?\\s*\\(([^)]*)\\)`, 'i').exec(text);
    if (insert !== null) {
      if (!scoped(insert[1])) return `INSERT INTO ${table} without partner_id`;
      continue;
    }
    const update = new RegExp(`\\bupdate "?${table}"?\\b`, 'i').exec(text);
    if (update !== null) {
      const where = /\bwhere\b(.*)$/i.exec(text.slice(update.index));
      if (!scoped(where?.[1])) return `UPDATE ${table} without partner_id in its WHERE`;
      continue;
    }
    const from = /\bfrom\b(.*)$/i.exec(text);
    if (!scoped(from?.[1])) return `${table} read or deleted without partner_id`;
  }
  return undefined;
}

/** Every statement sent through the data sources of this test file's applications. */
const statements: string[] = [];

class StatementRecorder implements EntitySubscriberInterface {
  beforeQuery(event: BeforeQueryEvent): void {
    statements.push(event.query);
  }
}

/** From now on, every statement of this data source is checked when the file's tests end. */
export function recordStatements(dataSource: DataSource): void {
  dataSource.subscribers.push(new StatementRecorder());
}

/** The statements recorded so far that break tenant scoping, each with the reason; then forgets them. */
export function takeTenantScopeViolations(): string[] {
  const found = new Map<string, string>();
  for (const sql of statements.splice(0)) {
    const violation = tenantScopeViolation(sql);
    if (violation !== undefined) found.set(sql, violation);
  }
  return [...found].map(([sql, why]) => `${why}: ${sql.replace(/\s+/g, ' ').slice(0, 200)}`);
}

afterAll(() => {
  const violations = takeTenantScopeViolations();
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} statement(s) on tenant tables without partner_id:\n  ${violations.join('\n  ')}`,
    );
  }
});
