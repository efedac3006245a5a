import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type CursorPosition, type CursorScope, ListCursorCodec } from './list-cursor.js';
import { type ListDefinition, resolveSort } from './list-definition.js';
import type { ListQuery } from './list-query.js';
import type { Page } from './page.js';

/** How `total` is counted: always exactly, or estimated from the planner above a row count. */
export type TotalPolicy = 'exact' | { readonly estimateAbove: number };

export interface KeysetPageOptions {
  readonly list: ListDefinition;
  readonly query: ListQuery;
  readonly codec: ListCursorCodec;
  /** Default `exact`: right for lists bounded by one partner's size (members). */
  readonly total?: TotalPolicy;
}

const SORT_KEY_ALIAS = 'list_sort_key';
const ID_KEY_ALIAS = 'list_id_key';

/**
 * One page of `query` (filtered, not ordered, not limited: the builder of the list's rows), by keyset:
 * `WHERE (sort, id) > (:key, :id) ORDER BY sort, id LIMIT limit + 1`, so a page costs the same at the
 * millionth row as at the first. The sort and id expressions come from the list definition only.
 * The builder may join to-one relations only (one raw row per entity).
 */
export async function keysetPage<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
  options: KeysetPageOptions,
): Promise<Page<Entity>> {
  const { list, codec } = options;
  const { limit } = options.query;
  const sort = resolveSort(list, options.query.sort);
  const scope: CursorScope = { listId: list.id, sort: sort.value };
  const position =
    options.query.cursor === undefined ? undefined : codec.decode(scope, options.query.cursor);
  const backwards = position?.direction === 'prev';
  const descendingInSql = sort.descending !== backwards;
  const order = descendingInSql ? 'DESC' : 'ASC';

  const pageQuery = query
    .clone()
    .addSelect(`(${sort.column})::text`, SORT_KEY_ALIAS)
    .addSelect(`(${list.idColumn})::text`, ID_KEY_ALIAS)
    .orderBy(sort.column, order)
    .addOrderBy(list.idColumn, order)
    .limit(limit + 1);
  if (position !== undefined) {
    pageQuery.andWhere(
      `(${sort.column}, ${list.idColumn}) ${descendingInSql ? '<' : '>'} (:listCursorKey, :listCursorId)`,
      { listCursorKey: position.sortKey, listCursorId: position.id },
    );
  }
  const [{ entities, raw }, total] = await Promise.all([
    pageQuery.getRawAndEntities<Record<string, unknown>>(),
    countTotal(query, options.total ?? 'exact'),
  ]);
  if (entities.length !== raw.length) {
    throw new Error(
      `List ${list.id}: the query joins a to-many relation; keyset pages need one row per item`,
    );
  }
  const rows = entities.map((entity, index) => ({ entity, key: keyOf(raw[index]) }));
  const hasMore = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  if (backwards) pageRows.reverse();

  const cursor = (
    direction: CursorPosition['direction'],
    key: RowKey | undefined,
  ): string | null => (key === undefined ? null : codec.encode(scope, { direction, ...key }));
  const first = pageRows.at(0)?.key;
  const last = pageRows.at(-1)?.key;
  const boundary =
    position === undefined ? undefined : { sortKey: position.sortKey, id: position.id };
  return {
    items: pageRows.map((row) => row.entity),
    // Forwards: more after the page when the extra row came; backwards: the cursor's row is after it.
    nextCursor: backwards
      ? cursor('next', last ?? boundary)
      : hasMore
        ? cursor('next', last)
        : null,
    prevCursor: backwards
      ? hasMore
        ? cursor('prev', first)
        : null
      : position === undefined
        ? null
        : cursor('prev', first ?? boundary),
    ...total,
  };
}

/** Maps a page's items (entities to DTOs), keeping its cursors and total. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}

interface RowKey {
  readonly sortKey: string;
  readonly id: string;
}

function keyOf(raw: Record<string, unknown> | undefined): RowKey {
  const sortKey = raw?.[SORT_KEY_ALIAS];
  const id = raw?.[ID_KEY_ALIAS];
  if (typeof sortKey !== 'string' || typeof id !== 'string') {
    throw new Error('A keyset row without its sort key or id: is the sort column nullable?');
  }
  return { sortKey, id };
}

/**
 * `total` of a list: exact with `exact`; otherwise the planner's estimate (`EXPLAIN`), replaced by an
 * exact count when the estimate is at most `estimateAbove` rows (counting those costs about a page).
 */
export async function countTotal<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
  policy: TotalPolicy,
): Promise<{ total: number; totalExact: boolean }> {
  if (policy !== 'exact') {
    const estimate = await estimateRows(query);
    if (estimate > policy.estimateAbove) return { total: estimate, totalExact: false };
  }
  return { total: await query.getCount(), totalExact: true };
}

/** The planner's row estimate of a query: `EXPLAIN (FORMAT JSON)` of the builder's own SQL. */
export async function estimateRows<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
): Promise<number> {
  const [sql, parameters] = query.getQueryAndParameters();
  const result: unknown = await query.connection.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  const plan = readPlan(result);
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  if (typeof rows !== 'number') throw new Error('EXPLAIN returned no row estimate');
  return Math.round(rows);
}

interface ExplainPlan {
  Plan?: { 'Plan Rows'?: unknown };
}

function readPlan(result: unknown): ExplainPlan[] | undefined {
  if (!Array.isArray(result)) return undefined;
  const first: unknown = result[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const value: unknown = (first as Record<string, unknown>)['QUERY PLAN'];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as ExplainPlan[]) : undefined;
}
