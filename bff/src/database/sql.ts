/**
 * How the BFF writes SQL by hand: the `sql` tagged template of `sql-template-tag`, which composes
 * `{ text, values }` with `$n` placeholders. A `${value}` is always a parameter, never text; constant
 * SQL (a table's select list, a shared condition) is another `Sql` nested in the template, or `raw()`
 * of a code constant. No user input ever reaches `raw`.
 *
 *   sql`SELECT ${CLAIMS.select('c').list} FROM claims c WHERE c.partner_id = ${partnerId}`
 *
 * Statements run through `Database` (database.ts), typed by the reader they are read with (table.ts).
 */
import sql, { join, raw, Sql } from 'sql-template-tag';

export { join, raw, Sql, sql };

/** A quoted SQL identifier (`"partner_id"`) of a code constant. */
export function identifier(name: string): Sql {
  return raw(`"${name.replace(/"/g, '""')}"`);
}
