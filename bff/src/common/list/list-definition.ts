/**
 * One list of the API, declared once: its id (what its cursors are bound to), the fields a client may
 * sort by and the SQL expression each sorts on, and the unique, NULL-free tiebreaker column.
 * The SQL expressions are code constants: user input only ever selects one of them by name.
 */
export interface ListDefinition<Field extends string = string> {
  /** Stable and unique across the API, e.g. `partner-members`: a cursor of one list is refused by another. */
  readonly id: string;
  /** Sortable field name → SQL expression of a NULL-free column in the query builder's aliases. */
  readonly sortFields: Readonly<Record<Field, string>>;
  /** The order when the query names none: `field` (ascending) or `-field` (descending). */
  readonly defaultSort: SortValue<Field>;
  /** SQL expression of the unique, NULL-free row id that breaks ties between equal sort keys. */
  readonly idColumn: string;
}

export type SortValue<Field extends string> = Field | `-${Field}`;

/** The parsed `?sort=`: which allow-listed expression, which way. */
export interface ListSort {
  /** The query's own spelling (`-name`): part of what a cursor is bound to. */
  readonly value: string;
  readonly column: string;
  readonly descending: boolean;
}

export function defineList<const Field extends string>(
  definition: Omit<ListDefinition<Field>, 'defaultSort'> & {
    readonly defaultSort: NoInfer<SortValue<Field>>;
  },
): ListDefinition<Field> {
  const fields = Object.keys(definition.sortFields);
  if (fields.length === 0) throw new Error(`List ${definition.id} has no sortable field`);
  if (!sortValues(definition).includes(definition.defaultSort)) {
    throw new Error(`List ${definition.id}: default sort ${definition.defaultSort} is not allowed`);
  }
  return definition;
}

/** Every accepted `?sort=` value of the list: each field, ascending and descending. */
export function sortValues<Field extends string>(
  definition: ListDefinition<Field>,
): SortValue<Field>[] {
  return (Object.keys(definition.sortFields) as Field[]).flatMap((field) => [
    field,
    `-${field}` as const,
  ]);
}

/**
 * Resolves a `?sort=` value (already checked against the allow-list by the DTO) to its column.
 * Throws on a value outside the allow-list: a programming error, the DTO refuses it first.
 */
export function resolveSort<Field extends string>(
  definition: ListDefinition<Field>,
  value: string | undefined,
): ListSort {
  const sort = value ?? definition.defaultSort;
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as Field;
  if (!Object.hasOwn(definition.sortFields, field)) {
    throw new Error(`List ${definition.id}: sort ${sort} is not allowed`);
  }
  return { value: sort, column: definition.sortFields[field], descending };
}
