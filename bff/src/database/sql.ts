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

/** A named parameter of a statement built once (`prepared`): stands for the value of that name. */
class Parameter {
  constructor(readonly name: string) {}
}

/**
 * A statement built once, at module load, and bound to each call's values: its text is one constant
 * string (so `Database` names it once and PostgreSQL reuses its prepared statement), and a call only
 * picks its values by name. `build` writes the statement as a `sql` template over its parameters
 * (`${p.partnerId}`); a parameter used several times is one `$n`. Only parameters are values: constant
 * SQL (a selection's list, a code constant through `raw`) is nested `Sql`.
 *
 *   const BY_ID = prepared<{ id: string }>((p) => sql`SELECT … FROM users u WHERE u.id = ${p.id}`);
 *   db.maybeOne(BY_ID({ id }), read)
 */
export function prepared<P extends object>(
  build: (parameters: P) => Sql,
): (values: P) => { readonly text: string; readonly values: unknown[] } {
  const parameters = new Proxy(
    {},
    {
      get: (_, name) => {
        if (typeof name !== 'string') throw new Error('A parameter is named by a string');
        return new Parameter(name);
      },
    },
  ) as P;
  const built = build(parameters);
  const names: Array<keyof P & string> = [];
  let text = built.strings[0] ?? '';
  built.values.forEach((value, index) => {
    if (!(value instanceof Parameter)) {
      throw new Error('A prepared statement takes its values as parameters only');
    }
    let position = names.indexOf(value.name as keyof P & string);
    if (position < 0) position = names.push(value.name as keyof P & string) - 1;
    text += `$${position + 1}${built.strings[index + 1] ?? ''}`;
  });
  return (values) => ({ text, values: names.map((name) => values[name]) });
}
