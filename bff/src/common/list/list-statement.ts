import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { CrossTenantRead } from '#src/database/cross-tenant.js';
import { databaseOf } from '#src/database/database.js';
import { isoTimestampSql, type Selection, selectList } from '#src/database/table.js';

/** One condition of a declared list query: SQL that never changes, and its named parameters' values. */
export interface ListCondition {
  /** `c.status = :status`: constant text; every value goes in `parameters`, never in the SQL. */
  readonly sql: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

export interface DeclaredListQueryOptions {
  /**
   * Names the base: the same name must always build the same base (tables, joins, columns), so that
   * name and conditions together determine the SQL.
   */
  readonly statement: string;
  readonly dataSource: DataSource;
  /**
   * The columns, from the tables' definitions (`database/table.ts`: a table's `select`, joined
   * `fields`): constant SQL.
   */
  readonly select: Selection<unknown>;
  /** The tables, as data: constant SQL, the statement's FROM; no condition, no parameter. */
  readonly from: ListFrom;
  /** The conditions, ANDed in this order (the partner's scope first). */
  readonly conditions: readonly ListCondition[];
  /**
   * A staff list across partners (`database/cross-tenant.ts`): its conditions name no partner, and
   * every statement derived from it carries the declared read's mark. Every other list's conditions
   * begin with the partner's scope.
   */
  readonly crossTenant?: CrossTenantRead;
}

/** A list's tables: the one its rows are of, under its alias, and what is joined to it. */
export interface ListFrom {
  readonly table: string;
  readonly alias: string;
  readonly joins?: readonly ListJoin[];
}

/** A table joined to a list's (at most one row per list row): `on` is constant SQL. */
export interface ListJoin {
  readonly join: 'inner' | 'left';
  readonly table: string;
  readonly alias: string;
  readonly on: string;
}

/** The FROM clause of a list's tables (`claims c LEFT JOIN users u ON …`), for statements of its rows. */
export function fromClause(from: ListFrom): string {
  return [
    `${from.table} ${from.alias}`,
    ...(from.joins ?? []).map(
      ({ join, table, alias, on }) =>
        `${join === 'inner' ? 'JOIN' : 'LEFT JOIN'} ${table} ${alias} ON ${on}`,
    ),
  ].join('\n  ');
}

/** A statement's SQL and where each of its positional parameters comes from. */
interface CompiledStatement {
  readonly sql: string;
  /** Per `$n`: the named parameter it binds, or a constant the builder put there itself. */
  readonly slots: ReadonlyArray<{ readonly name: string } | { readonly value: unknown }>;
}

/** Shapes kept (LRU): a list has a few filters × sorts × directions × page sizes. */
const MAX_COMPILED = 2_000;
const compiled = new Map<string, CompiledStatement>();
const SLOT_PREFIX = '\u0000list-slot:';

/**
 * The OFFSET a derived statement is built with when its offset is a parameter (`run`'s `offset`): a
 * number no list skips, replaced by a `$n` in the compiled SQL. A statement's text then stays one per
 * shape whatever it skips (a search's window, `InventoryRepository.window`), so it is compiled and
 * prepared once, not once per offset.
 */
export const OFFSET_SLOT = 2_147_480_000;
/** The slot of that parameter (no named parameter starts with NUL). */
const OFFSET_NAME = '\u0000offset';

/**
 * A list's filtered query declared as data: a named base and constant conditions with their values.
 * Its shape (the base's name and the conditions' SQL) determines every statement derived from it, so
 * each statement's SQL is built by TypeORM's query builder once per shape and process, and then only
 * bound to the request's values: building and printing the SQL of a page with the query builder cost
 * more than PostgreSQL spends on it (docs/performance.md, "Claims at a million").
 * The statements run through `Database` (named, prepared once per connection) on the driver's pg Pool:
 * reads outside any transaction only.
 */
export class DeclaredListQuery<Entity extends ObjectLiteral> {
  readonly shape: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  private built: SelectQueryBuilder<Entity> | undefined;

  constructor(private readonly options: DeclaredListQueryOptions) {
    this.shape = [
      options.crossTenant === undefined ? options.statement : `${options.statement} (cross-tenant)`,
      ...options.conditions.map((condition) => condition.sql),
    ].join('\n AND ');
    this.parameters = Object.assign(
      {},
      ...options.conditions.map((condition) => condition.parameters ?? {}),
    ) as Record<string, unknown>;
  }

  /** A copy with one more condition (another shape). */
  and(condition: ListCondition): DeclaredListQuery<Entity> {
    return new DeclaredListQuery<Entity>({
      ...this.options,
      conditions: [...this.options.conditions, condition],
    });
  }

  /** The query builder with the request's values: for what is not worth compiling. */
  builder(): SelectQueryBuilder<Entity> {
    this.built ??= this.build(this.parameters);
    return this.built.clone();
  }

  /**
   * Runs the statement `derive` makes of the filtered query (the variant names all that `derive`
   * does but bind `extra`'s values: its SQL is built once per shape and variant).
   */
  async run(
    variant: string,
    derive: (
      query: SelectQueryBuilder<Entity>,
      extra: Readonly<Record<string, unknown>>,
    ) => SelectQueryBuilder<Entity>,
    extra: Readonly<Record<string, unknown>> = {},
    /** The OFFSET, a parameter: `derive` then sets `.offset(OFFSET_SLOT)`. */
    offset?: number,
  ): Promise<Array<Record<string, unknown>>> {
    const statement = this.compile(variant, derive, Object.keys(extra), offset !== undefined);
    const values = statement.slots.map((slot) => {
      if (!('name' in slot)) return slot.value;
      if (slot.name === OFFSET_NAME) return offset;
      return Object.hasOwn(extra, slot.name) ? extra[slot.name] : this.parameters[slot.name];
    });
    return databaseOf(this.options.dataSource).raw({ text: statement.sql, values });
  }

  /** Runs `wrap` of the filtered query's own SQL (an `EXPLAIN`, a count), with its values. */
  async around(wrap: (sql: string) => string): Promise<Array<Record<string, unknown>>> {
    const statement = this.compile('filtered', (query) => query, []);
    const values = statement.slots.map((slot) =>
      'name' in slot ? this.parameters[slot.name] : slot.value,
    );
    return databaseOf(this.options.dataSource).raw({ text: wrap(statement.sql), values });
  }

  private compile(
    variant: string,
    derive: (
      query: SelectQueryBuilder<Entity>,
      extra: Readonly<Record<string, unknown>>,
    ) => SelectQueryBuilder<Entity>,
    extraNames: readonly string[],
    offsetSlot = false,
  ): CompiledStatement {
    const key = `${this.shape}\n-- ${variant}${offsetSlot ? '|offset' : ''}`;
    const known = compiled.get(key);
    if (known !== undefined) {
      // Most recently used last: the first key is the one to drop.
      compiled.delete(key);
      compiled.set(key, known);
      return known;
    }
    const slotOf = (name: string) => `${SLOT_PREFIX}${name}`;
    const placeholders = Object.fromEntries(
      Object.keys(this.parameters).map((name) => [name, slotOf(name)]),
    );
    const extraPlaceholders = Object.fromEntries(extraNames.map((name) => [name, slotOf(name)]));
    const [built, values] = derive(
      this.build(placeholders),
      extraPlaceholders,
    ).getQueryAndParameters();
    const slots: Array<{ readonly name: string } | { readonly value: unknown }> = (
      values as unknown[]
    ).map((value) =>
      typeof value === 'string' && value.startsWith(SLOT_PREFIX)
        ? { name: value.slice(SLOT_PREFIX.length) }
        : { value },
    );
    let sql = built;
    if (offsetSlot) {
      const marker = ` OFFSET ${OFFSET_SLOT}`;
      const at = sql.lastIndexOf(marker);
      if (at < 0) throw new Error(`${this.options.statement}: ${variant} set no OFFSET_SLOT`);
      slots.push({ name: OFFSET_NAME });
      sql = `${sql.slice(0, at)} OFFSET $${slots.length}${sql.slice(at + marker.length)}`;
    }
    const statement: CompiledStatement = { sql, slots };
    compiled.set(key, statement);
    if (compiled.size > MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    return statement;
  }

  private build(values: Readonly<Record<string, unknown>>): SelectQueryBuilder<Entity> {
    const query = this.from();
    if (this.options.crossTenant !== undefined) query.comment(this.options.crossTenant.comment);
    query.select(selectList(this.options.select));
    for (const condition of this.options.conditions) query.andWhere(condition.sql);
    return query.setParameters({ ...values });
  }

  /** A builder of the declared tables (`from`) and their joins. */
  private from(): SelectQueryBuilder<Entity> {
    const { from } = this.options;
    const query = this.options.dataSource.createQueryBuilder().from<Entity>(from.table, from.alias);
    for (const { join, table, alias, on } of from.joins ?? []) {
      if (join === 'inner') query.innerJoin(table, alias, on);
      else query.leftJoin(table, alias, on);
    }
    return query;
  }
}

/**
 * SQL of a `timestamptz` expression as the API writes a time: ISO 8601 in UTC with milliseconds
 * (`2026-11-25T11:34:29.123Z`, what `Date.prototype.toISOString` gives for the value pg would parse,
 * microseconds truncated; NULL stays NULL). Selected so, a list's times come as the text the answer
 * holds: no `Date` parsed per value by the driver and formatted back per value by the DTO (on a page
 * of 25 claims, about a hundred of each).
 */
export function isoTimestamp(expression: string): string {
  return isoTimestampSql(expression);
}

/** A list's source: a query builder (built per request), or a declared query (SQL built once). */
export type ListSource<Entity extends ObjectLiteral> =
  SelectQueryBuilder<Entity> | DeclaredListQuery<Entity>;

/** The source's query builder, with the request's values. */
export function builderOf<Entity extends ObjectLiteral>(
  source: ListSource<Entity>,
): SelectQueryBuilder<Entity> {
  return source instanceof DeclaredListQuery ? source.builder() : source;
}
