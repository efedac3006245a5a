import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type CursorPosition, type CursorScope, ListCursorCodec } from './list-cursor.js';
import { type ListDefinition, type ListSort, resolveSort } from './list-definition.js';
import type { ListQuery } from './list-query.js';
import { databaseOf } from '#src/database/database.js';
import { builderOf, DeclaredListQuery, type ListSource, OFFSET_SLOT } from './list-statement.js';
import type { Page } from './page.js';

/**
 * How `total` is counted: always exactly; or from the planner's estimate, counted exactly only while it
 * expects at most `estimateAbove` rows and (with `maxCountCost`) a plan of at most that cost, so that
 * the count never costs much more than the page (a filter without an index of its own walks every
 * row of the partner to be counted); or by the feature's own exact source (`exactly`, e.g. counters
 * kept by the database), undefined when it has none for this query, falling back to `otherwise`.
 */
export type TotalPolicy =
  | CountPolicy
  | {
      readonly exactly: () => Promise<number | undefined>;
      readonly otherwise: CountPolicy;
    };

/** `TotalPolicy` without a source of its own: how the query itself is counted or estimated. */
export type CountPolicy =
  'exact' | { readonly estimateAbove: number; readonly maxCountCost?: number };

/** What one keyset fetch asks for: up to `count` rows after (backwards: before) `boundary`. */
export interface KeysetRequest {
  readonly sort: ListSort;
  readonly boundary: RowKey | undefined;
  readonly backwards: boolean;
  readonly count: number;
  /** Rows to skip first (a window's far end); 0 for a page. */
  readonly offset?: number;
}

/** The `total` of a page: exact, or the planner's estimate. */
export interface ListTotal {
  readonly total: number;
  readonly totalExact: boolean;
}

/**
 * What a list's own fetch answers: the rows, and the list's total when it took it on the way (then
 * the `total` policy is not asked; see `keysetFetchCounted`).
 */
export interface KeysetFetched<Entity> {
  readonly rows: Array<KeyedRow<Entity>>;
  readonly total?: ListTotal;
}

/** Reads one row of a list from a raw result row of its statement. */
export type RawRead<Row> = (raw: Record<string, unknown>) => Row;

/** A row of a keyset fetch with its key (sort value and id as PostgreSQL prints them). */
export interface KeyedRow<Entity> {
  readonly entity: Entity;
  readonly key: RowKey;
}

/**
 * `Row` is what the page holds: the builder's entity, or what `read` makes of a raw row (a plain
 * object of the page's columns, a record with joined columns).
 */
export interface KeysetPageOptions<Row = ObjectLiteral> {
  readonly list: ListDefinition;
  readonly query: ListQuery;
  readonly codec: ListCursorCodec;
  /**
   * What else the cursors are bound to, e.g. the partner id: a cursor issued on one partner's list is
   * then refused on another's, as one of another list is.
   */
  readonly boundTo?: string;
  /** Default `exact`: right for lists bounded by one partner's size (members). */
  readonly total?: TotalPolicy;
  /**
   * How the rows are fetched, when the feature needs more than one plan for them (a search that may
   * match often or rarely): by default `keysetFetch` of the query. Must answer what it would. When it
   * answers the total too (a plan that reads every row anyway counts them), `total` is not asked;
   * otherwise the total is taken after the rows.
   */
  readonly fetch?: (request: KeysetRequest) => Promise<Array<KeyedRow<Row>> | KeysetFetched<Row>>;
  /**
   * Reads a row from the statement's raw columns (`<alias>_<column>`, as the driver gives them)
   * instead of TypeORM hydrating an entity per row: cheaper for a list that maps its rows to DTOs
   * anyway. Passed to `fetch`'s own fetches by the feature.
   */
  readonly read?: RawRead<Row>;
}

const SORT_KEY_ALIAS = 'list_sort_key';
const ID_KEY_ALIAS = 'list_id_key';
const TOTAL_ALIAS = 'list_total';
const PAST_ALIAS = 'list_past_boundary';

/**
 * One page of `query` (filtered, not ordered, not limited: the builder of the list's rows), by keyset:
 * `WHERE (sort, id) > (:key, :id) ORDER BY sort, id LIMIT limit + 1`, so a page costs the same at the
 * millionth row as at the first. The sort and id expressions come from the list definition only.
 * The builder may join to-one relations only (one raw row per entity). Without a query (`undefined`),
 * the feature's own `fetch` gives the rows and its `total`'s `exactly` the total (statements of its
 * own, e.g. the overview's needs-attention list of two sources).
 */
export async function keysetPage<Entity extends ObjectLiteral, Row = Entity>(
  query: ListSource<Entity> | undefined,
  options: KeysetPageOptions<Row>,
): Promise<Page<Row>> {
  const { list, codec } = options;
  const { limit } = options.query;
  const sort = resolveSort(list, options.query.sort);
  const scope: CursorScope = {
    listId: options.boundTo === undefined ? list.id : `${list.id}:${options.boundTo}`,
    sort: sort.value,
  };
  const position =
    options.query.cursor === undefined ? undefined : codec.decode(scope, options.query.cursor);
  const backwards = position?.direction === 'prev';
  const boundary =
    position === undefined ? undefined : { sortKey: position.sortKey, id: position.id };
  const request: KeysetRequest = { sort, boundary, backwards, count: limit + 1 };
  const [rows, counted] = await fetchWithTotal(query, options, request, position === undefined);
  const hasMore = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  if (backwards) pageRows.reverse();
  // The first page, read from the start: it holds every row (the count is exact), or at least this many.
  const total =
    position === undefined && (!hasMore || counted.total < rows.length)
      ? {
          total: hasMore ? Math.max(counted.total, rows.length) : rows.length,
          totalExact: !hasMore,
        }
      : counted;

  const cursor = (
    direction: CursorPosition['direction'],
    key: RowKey | undefined,
  ): string | null => (key === undefined ? null : codec.encode(scope, { direction, ...key }));
  const first = pageRows.at(0)?.key;
  const last = pageRows.at(-1)?.key;
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

async function fetchWithTotal<Entity extends ObjectLiteral, Row>(
  source: ListSource<Entity> | undefined,
  options: KeysetPageOptions<Row>,
  request: KeysetRequest,
  firstPage: boolean,
): Promise<[Array<KeyedRow<Row>>, ListTotal]> {
  const policy = options.total ?? 'exact';
  // Without a query, the total is the feature's own (`exactly`), never counted.
  const total = async (): Promise<ListTotal> => {
    if (source !== undefined) return countTotal(source, policy);
    const exact =
      typeof policy === 'object' && 'exactly' in policy ? await policy.exactly() : undefined;
    if (exact === undefined) throw new Error(`List ${options.list.id}: no query to count`);
    return { total: exact, totalExact: true };
  };
  const fetchRows = async (): Promise<KeysetFetched<Row>> => {
    if (options.fetch === undefined) {
      if (source === undefined) throw new Error(`List ${options.list.id}: no query to fetch`);
      return { rows: await keysetFetch<Entity, Row>(source, options.list, request, options.read) };
    }
    const fetched = await options.fetch(request);
    return Array.isArray(fetched) ? { rows: fetched } : fetched;
  };
  if (firstPage) {
    // The first page, when it holds every row, is its own exact total (`keysetPage`): a search that
    // finds a claim by its number costs its page alone, not an estimate and a count besides.
    const fetched = await fetchRows();
    if (fetched.total !== undefined || fetched.rows.length < request.count) {
      return [fetched.rows, fetched.total ?? { total: fetched.rows.length, totalExact: true }];
    }
    return [fetched.rows, await total()];
  }
  if (options.fetch === undefined) {
    return Promise.all([fetchRows().then((fetched) => fetched.rows), total()]);
  }
  const fetched = await fetchRows();
  return [fetched.rows, fetched.total ?? (await total())];
}

/**
 * Every row of `query` in the list's order, fetched by keyset in batches: the source of a CSV export
 * ("the same filters and order as the list"), pulled only as fast as the client reads.
 *
 * The two statements (the first batch, and every batch after a boundary) are built once, not once a
 * batch: building a statement with the query builder allocates far more than a batch of rows, and a
 * batch that is still alive while it happens survives into V8's old generation. With the statements
 * built per batch, a 1,000,000-row export grew the process by some 130 MB before a full collection;
 * built once, and the batches sent through `Database` on the driver's pg pool itself (not through a TypeORM query runner
 * per statement), the rows die young: growth 1.6 MB instead of 130 MB (docs/performance.md, "The CSV
 * export's memory"). The builder's own query runner, if it has one, is not used: an export never runs
 * inside a transaction.
 */
export async function* keysetRows<Entity extends ObjectLiteral, Row = Entity>(
  source: ListSource<Entity>,
  list: ListDefinition,
  sortValue: string | undefined,
  batchSize = 500,
  read?: RawRead<Row>,
): AsyncGenerator<Row> {
  const query = builderOf(source);
  const sort = resolveSort(list, sortValue);
  if (read === undefined) {
    // Entities hydrated by TypeORM, a batch at a time: for the small lists that have no `read`.
    // Without `read`, the rows are the builder's entities: `Row` is its default, `Entity`.
    yield* keysetEntityRows(
      query,
      list,
      sort,
      batchSize,
    ) as AsyncGenerator<unknown> as AsyncGenerator<Row>;
    return;
  }
  const request = { sort, backwards: false, count: batchSize };
  const first = keysetStatement(query, list, { ...request, boundary: undefined });
  const following = keysetStatement(query, list, { ...request, boundary: BOUNDARY_SLOTS });
  const sortKeySlot = following.parameters.indexOf(BOUNDARY_SLOTS.sortKey);
  const idSlot = following.parameters.indexOf(BOUNDARY_SLOTS.id);
  if (sortKeySlot < 0 || idSlot < 0) throw new Error(`List ${list.id}: no boundary parameters`);
  let after: RowKey | undefined;
  for (;;) {
    let parameters = first.parameters;
    if (after !== undefined) {
      parameters = [...following.parameters];
      parameters[sortKeySlot] = after.sortKey;
      parameters[idSlot] = after.id;
    }
    const statement = after === undefined ? first : following;
    const raw = await databaseOf(query.connection).raw({ text: statement.sql, values: parameters });
    const fetched = raw.length;
    after = fetched === 0 ? undefined : keyOf(raw[fetched - 1]);
    const entities = raw.map(read);
    // The batch's raw rows go now, and each entity as soon as it is handed on: none outlives its
    // turn while the next batch is fetched.
    raw.length = 0;
    for (let index = 0; index < entities.length; index += 1) {
      const entity = entities[index] as Row;
      entities[index] = undefined as unknown as Row;
      yield entity;
    }
    if (fetched < batchSize || after === undefined) return;
  }
}

/** Values no real parameter can hold (PostgreSQL text never contains NUL): where a boundary goes. */
const BOUNDARY_SLOTS: RowKey = { sortKey: '\u0000keyset-sort-key', id: '\u0000keyset-id' };

async function* keysetEntityRows<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
  list: ListDefinition,
  sort: ListSort,
  batchSize: number,
): AsyncGenerator<Entity> {
  let after: RowKey | undefined;
  for (;;) {
    const rows = await keysetFetch(query, list, {
      sort,
      boundary: after,
      backwards: false,
      count: batchSize,
    });
    for (const row of rows) yield row.entity;
    after = rows.at(-1)?.key;
    if (rows.length < batchSize || after === undefined) return;
  }
}

/**
 * Up to `count` rows of `query` after (or, backwards, before) the request's boundary, in the list's
 * order, each with its keyset key. The sort expression is the list's field of the request's sort
 * name, so a list may be fetched through a twin definition (same id and fields, other expressions).
 */
export async function keysetFetch<Entity extends ObjectLiteral, Row = Entity>(
  query: ListSource<Entity>,
  list: ListDefinition,
  request: KeysetRequest,
  read?: RawRead<Row>,
): Promise<Array<KeyedRow<Row>>> {
  return (await fetchKeyed(query, list, request, false, read)).rows;
}

/**
 * `keysetFetch`, and the number of every row of `query` (wherever the boundary lies) in the same
 * statement, `count(*) OVER ()`: for a plan that reads every row anyway (the matches of a rare search,
 * read through their index and sorted), instead of a count that reads them all again. The boundary
 * is not a condition then but the first key of the order (the rows past it first), and the rows
 * before it that fill the limit are dropped here.
 */
export async function keysetFetchCounted<Entity extends ObjectLiteral, Row = Entity>(
  query: ListSource<Entity>,
  list: ListDefinition,
  request: KeysetRequest,
  read?: RawRead<Row>,
): Promise<KeysetFetched<Row>> {
  return fetchKeyed(query, list, request, true, read);
}

async function fetchKeyed<Entity extends ObjectLiteral, Row>(
  source: ListSource<Entity>,
  list: ListDefinition,
  request: KeysetRequest,
  counted: boolean,
  read: RawRead<Row> | undefined,
): Promise<KeysetFetched<Row>> {
  const past = request.boundary === undefined ? undefined : pastCondition(list, request);
  const cursorValues = {
    listCursorKey: request.boundary?.sortKey,
    listCursorId: request.boundary?.id,
  };
  let raw: Array<Record<string, unknown>>;
  let entities: Row[];
  if (source instanceof DeclaredListQuery && read !== undefined) {
    const sort = resolveSort(list, request.sort.value);
    // A page skips nothing (OFFSET 0 in its text); what skips rows (a window's far end) takes its
    // offset as a parameter: one statement whatever it skips.
    const offset = request.offset ?? 0;
    const variant = [
      'keyset',
      sort.column,
      list.idColumn,
      sort.descending,
      request.backwards,
      past !== undefined,
      counted,
      request.count,
      offset > 0 ? 'skips' : 0,
    ].join('|');
    raw = await source.run(
      variant,
      (query, extra) =>
        keysetQuery(
          query,
          list,
          offset > 0 ? { ...request, offset: OFFSET_SLOT } : request,
          counted,
          extra,
        ),
      request.boundary === undefined ? {} : cursorValues,
      offset > 0 ? offset : undefined,
    );
    entities = raw.map(read);
  } else {
    const pageQuery = keysetQuery(builderOf(source), list, request, counted, cursorValues);
    if (read === undefined) {
      const hydrated = await pageQuery.getRawAndEntities<Record<string, unknown>>();
      raw = hydrated.raw;
      // Without `read`, the page holds the builder's entities: `Row` is its default, `Entity`.
      entities = hydrated.entities as unknown as Row[];
      if (entities.length !== raw.length) {
        throw new Error(
          `List ${list.id}: the query joins a to-many relation; keyset pages need one row per item`,
        );
      }
    } else {
      raw = await pageQuery.getRawMany<Record<string, unknown>>();
      entities = raw.map(read);
    }
  }
  const rows: Array<KeyedRow<Row>> = [];
  entities.forEach((entity, index) => {
    if (past === undefined || !counted || raw[index]?.[PAST_ALIAS] === true) {
      rows.push({ entity, key: keyOf(raw[index]) });
    }
  });
  if (!counted) return { rows };
  // No row at all: nothing matches (a counted fetch reads from the first row; it takes no offset).
  const first = raw[0];
  if (first === undefined)
    return request.offset ? { rows } : { rows, total: { total: 0, totalExact: true } };
  return { rows, total: { total: Number(first[TOTAL_ALIAS]), totalExact: true } };
}

/** The keyset condition: the rows past the request's boundary in the request's direction. */
function pastCondition(list: ListDefinition, request: KeysetRequest): string {
  const sort = resolveSort(list, request.sort.value);
  const descendingInSql = sort.descending !== request.backwards;
  return `(${sort.column}, ${list.idColumn}) ${descendingInSql ? '<' : '>'} (:listCursorKey, :listCursorId)`;
}

/**
 * The statement of one keyset fetch: `query` with the row keys selected, past the boundary (a
 * condition; or, counted, an ordering term, see `keysetFetchCounted`), in the list's order, limited.
 * `cursor` holds the boundary's values (`listCursorKey`, `listCursorId`).
 */
function keysetQuery<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
  list: ListDefinition,
  request: KeysetRequest,
  counted: boolean,
  cursor: Readonly<Record<string, unknown>>,
): SelectQueryBuilder<Entity> {
  const { boundary, backwards, count } = request;
  const sort = resolveSort(list, request.sort.value);
  const descendingInSql = sort.descending !== backwards;
  const order = descendingInSql ? 'DESC' : 'ASC';
  const pageQuery = query
    .clone()
    .addSelect(`(${sort.column})::text`, SORT_KEY_ALIAS)
    .addSelect(`(${list.idColumn})::text`, ID_KEY_ALIAS);
  const past = boundary === undefined ? undefined : pastCondition(list, request);
  if (counted) {
    pageQuery.addSelect('count(*) OVER ()', TOTAL_ALIAS);
    if (past !== undefined) {
      pageQuery
        .addSelect(past, PAST_ALIAS)
        .setParameters({ ...cursor })
        .orderBy(past, 'DESC');
    }
  } else if (past !== undefined) {
    pageQuery.andWhere(past, { ...cursor });
  }
  pageQuery
    .addOrderBy(sort.column, order)
    .addOrderBy(list.idColumn, order)
    .offset(request.offset ?? 0)
    .limit(count);
  return pageQuery;
}

/** `keysetQuery` as SQL and its positional parameters, built once to be sent many times. */
function keysetStatement<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
  list: ListDefinition,
  request: KeysetRequest,
): { sql: string; parameters: unknown[] } {
  const cursor = { listCursorKey: request.boundary?.sortKey, listCursorId: request.boundary?.id };
  const [sql, parameters] = keysetQuery(
    query,
    list,
    request,
    false,
    cursor,
  ).getQueryAndParameters();
  return { sql, parameters: parameters as unknown[] };
}

/** Maps a page's items (entities to DTOs), keeping its cursors and total. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}

export interface RowKey {
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
  query: ListSource<Entity>,
  policy: TotalPolicy,
): Promise<ListTotal> {
  if (policy === 'exact') return { total: await countRows(query), totalExact: true };
  if ('exactly' in policy) {
    const exact = await policy.exactly();
    return exact === undefined
      ? countTotal(query, policy.otherwise)
      : { total: exact, totalExact: true };
  }
  const estimate = await estimateTotal(query, policy);
  return estimate.counted
    ? { total: await countRows(query), totalExact: true }
    : { total: estimate.total, totalExact: false };
}

/** Every row of the source, counted. */
async function countRows<Entity extends ObjectLiteral>(query: ListSource<Entity>): Promise<number> {
  if (!(query instanceof DeclaredListQuery)) return query.getCount();
  const [row] = await query.around(
    (sql) => `SELECT count(*)::integer AS list_count FROM (${sql}) AS counted`,
  );
  return Number(row?.list_count ?? 0);
}

/**
 * What `countTotal` would answer without counting: the planner's estimate (`EXPLAIN`), `counted:
 * true` when the policy counts this query exactly instead (a list that reads every row anyway counts
 * them in the same statement, `keysetFetchCounted`).
 */
export async function estimateTotal<Entity extends ObjectLiteral>(
  query: ListSource<Entity>,
  policy: Exclude<CountPolicy, 'exact'>,
): Promise<ListTotal & { readonly counted: boolean }> {
  const estimate = await estimatePlan(query);
  const counted =
    estimate.rows <= policy.estimateAbove &&
    (policy.maxCountCost === undefined || estimate.cost <= policy.maxCountCost);
  return { total: estimate.rows, totalExact: false, counted };
}

/** The planner's row estimate of a query: `EXPLAIN (FORMAT JSON)` of the builder's own SQL. */
export async function estimateRows<Entity extends ObjectLiteral>(
  query: ListSource<Entity>,
): Promise<number> {
  return (await estimatePlan(query)).rows;
}

/** The planner's row estimate and total cost of reading every row of a query. */
async function estimatePlan<Entity extends ObjectLiteral>(
  query: ListSource<Entity>,
): Promise<{ rows: number; cost: number }> {
  const explain = (sql: string) => `EXPLAIN (FORMAT JSON) ${sql}`;
  let result: unknown;
  if (query instanceof DeclaredListQuery) {
    result = await query.around(explain);
  } else {
    const [sql, parameters] = query.getQueryAndParameters();
    result = await query.connection.query(explain(sql), parameters);
  }
  const plan = readPlan(result)?.[0]?.Plan;
  const rows = plan?.['Plan Rows'];
  const cost = plan?.['Total Cost'];
  if (typeof rows !== 'number' || typeof cost !== 'number') {
    throw new Error('EXPLAIN returned no row estimate');
  }
  return { rows: Math.round(rows), cost };
}

interface ExplainPlan {
  Plan?: { 'Plan Rows'?: unknown; 'Total Cost'?: unknown };
}

function readPlan(result: unknown): ExplainPlan[] | undefined {
  if (!Array.isArray(result)) return undefined;
  const first: unknown = result[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const value: unknown = (first as Record<string, unknown>)['QUERY PLAN'];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as ExplainPlan[]) : undefined;
}
