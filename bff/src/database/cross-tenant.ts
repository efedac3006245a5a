import { raw, type Sql } from './sql.js';

/**
 * A read across partners: the one explicit exception to tenant scoping (bff/README.md, "Tenant
 * scoping in code"). Only the staff workspace (docs/product.md §3a: the review queue, its summary,
 * the partner directory) reads the claims of every partner at once, behind the staff routes' guard;
 * and an API key's authentication reads the key of a token's hash before any partner is known
 * (`api-keys/api-keys.repository.ts`, `api-key-authentication`).
 * Each such read is declared once by name (`crossTenantRead('staff-queue')`), and its statements carry
 * the declaration as a leading SQL comment, `/* cross-tenant staff read: staff-queue *\/`: the
 * integration suite's statement check (test/support/tenant-scope.ts) accepts a statement without
 * `partner_id` only when it carries the mark of a declared read and writes nothing.
 */
export interface CrossTenantRead {
  readonly name: string;
  /** The comment's text, for the query builder's `comment()` (a declared list's statements). */
  readonly comment: string;
  /** The comment as SQL, to begin a `sql` statement with. */
  readonly mark: Sql;
}

const DECLARED = new Map<string, CrossTenantRead>();
const MARK_PREFIX = 'cross-tenant staff read: ';
const NAME = /^[a-z][a-z0-9-]*$/;

/** Declares a read across partners (a code constant's name); the same name answers the same read. */
export function crossTenantRead(name: string): CrossTenantRead {
  if (!NAME.test(name)) throw new Error(`Cross-tenant read ${name}: not a-z, 0-9 and -`);
  let read = DECLARED.get(name);
  if (read === undefined) {
    const comment = `${MARK_PREFIX}${name}`;
    read = { name, comment, mark: raw(`/* ${comment} */ `) };
    DECLARED.set(name, read);
  }
  return read;
}

/**
 * The declared cross-tenant read a statement is marked as, wherever the mark stands in it (a list's
 * statement may be wrapped in a count or an `EXPLAIN`); `undeclared` for a mark no code declared;
 * undefined when it carries none.
 */
export function crossTenantReadOf(statement: string): string | 'undeclared' | undefined {
  const match = /\/\* cross-tenant staff read: ([a-z0-9-]+) \*\//.exec(statement);
  if (match?.[1] === undefined) return undefined;
  return DECLARED.has(match[1]) ? match[1] : 'undeclared';
}
