import { getMetadataArgsStorage, type ValueTransformer } from 'typeorm';
import { identifier, join, raw, type Sql } from './sql.js';

/**
 * One table, defined once: its TypeORM entity (columns, types, constraints, migrations). From the
 * entity's decorators (read once per process, then cached) come the row type (`Columns<E>`), the
 * SELECT list for an alias (`"c"."partner_id" AS "partnerId", …`) and the reader that turns a raw row
 * of that list into the entity's typed shape, checking every value (a changed statement fails loudly).
 * What a statement joins to a table (an item's SKU, a creator's name) is declared beside that
 * statement with `fields`, and combined with `selection` (docs/decisions.md, Data access).
 */

/** A raw row as the pg driver answers it. */
export type Row = Record<string, unknown>;

/** Reads one value of a raw row (`name` for the error), checking its type. */
export type ValueReader<T> = (value: unknown, name: string) => T;

type Scalar = string | number | boolean | Date | readonly unknown[] | Record<string, unknown>;

/** The column properties of entity E (its relations left out): the row type of its table. */
export type Columns<E> = {
  [
    K in keyof E as NonNullable<E[K]> extends Scalar
      ? NonNullable<E[K]> extends { id: unknown }
        ? never
        : K
      : never
  ]-?: E[K];
};

/** Columns read back as `Sql` (a SELECT list) and a reader of the rows it gives. */
export interface Selection<T> {
  /** `"c"."partner_id" AS "partnerId", …`: the select list. */
  readonly list: Sql;
  /** Reads a raw row selected with `list` (extra columns are ignored). */
  readonly read: (row: Row) => T;
  /** The `[key, reader]` pairs `read` is made of (`selection` combines them into one reader). */
  readonly fields: ReadonlyArray<readonly [string, ValueReader<unknown>]>;
}

interface ColumnDefinition {
  readonly property: string;
  readonly column: string;
  readonly type: string;
  readonly nullable: boolean;
  readonly array: boolean;
  readonly transformer: ValueTransformer | undefined;
}

/** Reads one entity's table definition from TypeORM's decorators (its class and its ancestors). */
function definitionOf(entity: abstract new () => unknown): {
  name: string;
  columns: ColumnDefinition[];
} {
  const storage = getMetadataArgsStorage();
  const table = storage.tables.find((candidate) => candidate.target === entity);
  if (table?.name === undefined)
    throw new Error(`${entity.name} is not an entity with a table name`);
  const lineage: unknown[] = [];
  for (
    let target: unknown = entity;
    typeof target === 'function' && target !== Function.prototype;
  ) {
    lineage.push(target);
    target = Object.getPrototypeOf(target);
  }
  const columns = storage.columns
    .filter((column) => lineage.includes(column.target))
    .map((column): ColumnDefinition => {
      const options = column.options;
      const type = typeof options.type === 'string' ? options.type : 'unknown';
      return {
        property: column.propertyName,
        column: options.name ?? column.propertyName,
        type,
        nullable: options.nullable === true,
        array: options.array === true,
        transformer: Array.isArray(options.transformer) ? undefined : options.transformer,
      };
    });
  return { name: table.name, columns };
}

/** The SELECT expression of a column: dates as their `YYYY-MM-DD` text (not a Date at midnight). */
function selectExpression(alias: string, column: ColumnDefinition): string {
  const qualified = `"${alias}"."${column.column}"`;
  return column.type === 'date' && !column.array ? `${qualified}::text` : qualified;
}

/** The reader of a column's values, by its declared type (see `read`). */
function readerOf(column: ColumnDefinition): ValueReader<unknown> {
  const base = ((): ValueReader<unknown> => {
    if (column.array) return read.array;
    switch (column.type) {
      case 'uuid':
      case 'text':
      case 'citext':
      case 'varchar':
      case 'character varying':
      case 'char':
      case 'date':
      case 'inet':
        return read.text;
      case 'integer':
      case 'int':
      case 'int4':
      case 'smallint':
      case 'int2':
      case 'bigint':
      case 'int8':
        return read.integer;
      case 'boolean':
        return read.boolean;
      case 'timestamptz':
      case 'timestamp with time zone':
        return read.date;
      default:
        return read.present;
    }
  })();
  const { transformer, nullable } = column;
  // A transformer that only changes the driver's text into the declared type is the reader's job.
  const typed =
    transformer === undefined || column.type === 'bigint'
      ? base
      : (value: unknown, name: string) => transformer.from(base(value, name)) as unknown;
  return nullable ? read.nullable(typed) : typed;
}

/** The readers of raw values: each checks the value's type and throws on anything else. */
export const read = {
  text: ((value, name) => {
    if (typeof value !== 'string') throw new Error(`${name} is not text`);
    return value;
  }) as ValueReader<string>,
  /** int2/int4 as numbers, int8 and numeric integers as their text (a safe integer). */
  integer: ((value, name) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d+$/.test(value)) {
      const number = Number(value);
      if (Number.isSafeInteger(number)) return number;
    }
    throw new Error(`${name} is not an integer`);
  }) as ValueReader<number>,
  boolean: ((value, name) => {
    if (typeof value !== 'boolean') throw new Error(`${name} is not a boolean`);
    return value;
  }) as ValueReader<boolean>,
  /** A timestamptz: the driver's Date (or a time's text). */
  date: ((value, name) => {
    if (value instanceof Date) return value;
    if (typeof value === 'string') {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return date;
    }
    throw new Error(`${name} is not a time`);
  }) as ValueReader<Date>,
  /** An array (the driver parses PostgreSQL arrays of the built-in types). */
  array: ((value, name) => {
    if (!Array.isArray(value)) throw new Error(`${name} is not an array`);
    return value;
  }) as ValueReader<unknown[]>,
  textArray: ((value, name) => {
    if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
      throw new Error(`${name} is not an array of text`);
    }
    return value as string[];
  }) as ValueReader<string[]>,
  /** Anything, as long as the statement selected it. */
  present: ((value, name) => {
    if (value === undefined) throw new Error(`${name} was not selected`);
    return value;
  }) as ValueReader<unknown>,
  nullable<T>(reader: ValueReader<T>): ValueReader<T | null> {
    return (value, name) => {
      if (value === null) return null;
      if (value === undefined) throw new Error(`${name} was not selected`);
      return reader(value, name);
    };
  },
};

/**
 * Fields a statement computes or joins (not a column of the table it reads): each its SQL expression
 * (a code constant) and its reader. `fields({ itemSku: ['i.sku', read.nullable(read.text)] })`.
 */
export function fields<T extends Record<string, unknown>>(declared: {
  readonly [K in keyof T]: readonly [expression: string | Sql, reader: ValueReader<T[K]>];
}): Selection<T> {
  const entries = Object.entries(declared) as Array<
    [string, readonly [string | Sql, ValueReader<unknown>]]
  >;
  return selectionOf(
    join(
      entries.map(([key, [expression]]) => {
        const sql = typeof expression === 'string' ? raw(expression) : expression;
        return join([sql, identifier(key)], ' AS ');
      }),
      ', ',
    ),
    entries.map(([key, [, reader]]) => [key, reader]),
  );
}

/**
 * The select list of a selection as text, for the list machinery's query builder
 * (`DeclaredListQuery`'s base): constant SQL only, no parameter.
 */
export function selectList(selected: Selection<unknown>): string {
  if (selected.list.values.length > 0) throw new Error('A list selects constant SQL only');
  return selected.list.text;
}

/** One selection of several (a table's columns and the fields joined to them). */
export function selection<A, B>(a: Selection<A>, b: Selection<B>): Selection<A & B>;
export function selection<A, B, C>(
  a: Selection<A>,
  b: Selection<B>,
  c: Selection<C>,
): Selection<A & B & C>;
export function selection(...parts: Array<Selection<object>>): Selection<object> {
  // A key of a later part replaces an earlier one's, as an object spread would.
  const fields = new Map(parts.flatMap((part) => part.fields));
  return selectionOf(
    join(
      parts.map((part) => part.list),
      ', ',
    ),
    [...fields],
  );
}

function selectionOf<T>(
  list: Sql,
  fields: ReadonlyArray<readonly [string, ValueReader<unknown>]>,
): Selection<T> {
  return { list, read: readerFor<T>(fields), fields };
}

/**
 * A reader of `[key, reader]` pairs, each key read from the raw row's column of that name. Compiled
 * once per selection into one object literal (`(row) => ({ "id": r[0](row["id"], "id"), … })`): every
 * row it reads gets the same shape at once, not a property added at a time, and nothing is made per
 * row but the row (docs/performance.md, "Where a request's time goes"). The keys are the entities'
 * property names and the statements' declared fields, code constants, written as JSON strings.
 */
function readerFor<T>(
  readers: ReadonlyArray<readonly [string, ValueReader<unknown>]>,
): (row: Row) => T {
  const properties = readers.map(([key], index) => {
    if (key === '__proto__') throw new Error('A selected field cannot be named __proto__');
    const name = JSON.stringify(key);
    return `${name}: r[${index}](row[${name}], ${name})`;
  });
  const compile = new Function('r', `return (row) => ({ ${properties.join(', ')} });`) as (
    r: ReadonlyArray<ValueReader<unknown>>,
  ) => (row: Row) => T;
  return compile(readers.map(([, reader]) => reader));
}

/** The table of entity E: its name, its columns, their select list and reader. See the file's comment. */
export class Table<E> {
  private definition: ReturnType<typeof definitionOf> | undefined;
  private readonly selections = new Map<string, Selection<unknown>>();

  constructor(private readonly entity: abstract new () => E) {}

  private get defined(): ReturnType<typeof definitionOf> {
    this.definition ??= definitionOf(this.entity);
    return this.definition;
  }

  /** The table's name, for the statement's text. */
  get name(): string {
    return this.defined.name;
  }

  /** The column of a property, quoted (`"partner_id"`): for INSERT's column lists and SET. */
  column(property: keyof Columns<E> & string): Sql {
    const found = this.defined.columns.find((column) => column.property === property);
    if (found === undefined) throw new Error(`${this.name} has no column for ${property}`);
    return identifier(found.column);
  }

  /**
   * The select list of the table's columns under `alias` (all, `only` those, or all `{ except }`
   * those), each as its property name, and the reader of its rows: built once per alias, columns and options. `{ times: 'iso' }`
   * selects every `timestamptz` as the text the API writes (`isoTimestamp`: ISO 8601 UTC with
   * milliseconds) and reads it as a string: no Date parsed per value and formatted back (a page of 25
   * claims has about a hundred).
   */
  select<K extends keyof Columns<E> & string = keyof Columns<E> & string>(
    alias: string,
    only?: readonly K[],
  ): Selection<Pick<Columns<E>, K>>;
  select<K extends keyof Columns<E> & string = keyof Columns<E> & string>(
    alias: string,
    only: readonly K[] | undefined,
    options: { readonly times: 'iso' },
  ): Selection<IsoTimes<Pick<Columns<E>, K>>>;
  select<K extends keyof Columns<E> & string>(
    alias: string,
    columns: { readonly except: readonly K[] },
    options: { readonly times: 'iso' },
  ): Selection<IsoTimes<Omit<Columns<E>, K>>>;
  select(
    alias: string,
    picked?: readonly string[] | { readonly except: readonly string[] },
    options?: { readonly times: 'iso' },
  ): Selection<unknown> {
    const iso = options?.times === 'iso';
    const except = picked !== undefined && 'except' in picked ? picked.except : undefined;
    const only = picked !== undefined && !('except' in picked) ? picked : undefined;
    const key = `${alias}|${only?.join(',') ?? '*'}|${except?.join(',') ?? ''}|${iso}`;
    let selected = this.selections.get(key);
    if (selected === undefined) {
      const columns = this.defined.columns.filter(
        (column) =>
          (only === undefined || only.includes(column.property)) &&
          (except === undefined || !except.includes(column.property)),
      );
      const named = [...(only ?? []), ...(except ?? [])];
      const known = new Set(this.defined.columns.map((column) => column.property));
      if (named.some((property) => !known.has(property))) {
        throw new Error(`${this.name}: no column for some of ${named.join(', ')}`);
      }
      const isTime = (column: ColumnDefinition) =>
        iso && TIME_TYPES.has(column.type) && !column.array;
      selected = selectionOf(
        raw(
          columns
            .map((column) => {
              const expression = isTime(column)
                ? isoTimestampSql(`"${alias}"."${column.column}"`)
                : selectExpression(alias, column);
              return `${expression} AS "${column.property}"`;
            })
            .join(', '),
        ),
        columns.map((column) => [
          column.property,
          isTime(column)
            ? column.nullable
              ? read.nullable(read.text)
              : read.text
            : readerOf(column),
        ]),
      );
      this.selections.set(key, selected);
    }
    return selected;
  }
}

const TIME_TYPES = new Set(['timestamptz', 'timestamp with time zone']);

/** A row type with its times (`Date`) as the API's ISO text (`select(…, { times: 'iso' })`). */
export type IsoTimes<T> = {
  [K in keyof T]: T[K] extends Date
    ? string
    : Date extends T[K]
      ? Exclude<T[K], Date> | string
      : T[K];
};

/**
 * SQL of a `timestamptz` expression as the API writes a time: ISO 8601 in UTC with milliseconds
 * (`2026-11-25T11:34:29.123Z`, what `Date.prototype.toISOString` gives for the value pg would parse,
 * microseconds truncated; NULL stays NULL).
 */
export function isoTimestampSql(expression: string): string {
  return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The definition of entity E's table (one per entity, module-level: `export const CLAIMS = table(Claim)`). */
export function table<E>(entity: abstract new () => E): Table<E> {
  return new Table(entity);
}
