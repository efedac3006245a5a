/**
 * The list machinery every list of the API uses (docs/api.md, "Lists" and "CSV exports").
 *
 * A feature with a list:
 * 1. declares it once: `const MEMBER_LIST = defineList({ id: 'partner-members',
 *    sortFields: { name: 'user.name', memberSince: 'membership.created_at' },
 *    defaultSort: 'name', idColumn: 'membership.user_id' })` (NULL-free columns; the code's own SQL);
 * 2. takes its query with `class MemberListQueryDto extends ListQueryDto(MEMBER_LIST) { ...filters }`
 *    (limit 1–100 default 25, sort from the allow-list, cursor) and documents the answer with
 *    `@ApiPage(MemberDto)` (the page is serialized by that schema);
 * 3. imports ListModule, injects ListCursorCodec, and in its repository builds the filtered
 *    (partner-scoped) query, a `DeclaredListQuery` whose `select` comes from the tables' definitions
 *    (`database/table.ts`; its statements run through `Database`, named), and calls
 *    `keysetPage(queryBuilder, { list: MEMBER_LIST, query, codec, boundTo: partnerId })`,
 *    then `mapPage(page, toDto)`. A tampered, truncated, foreign-list or other-sort cursor is a 400
 *    `validation` with `errors: [{ field: 'cursor' }]`. `total: { estimateAbove: n, maxCountCost: c }` counts
 *    exactly only when the planner expects at most n rows at a cost of at most c (big lists);
 *    `{ exactly, otherwise }` takes an exact number from the feature's own counters when it has one.
 *    The first page, when it holds every row, is its own exact total. A list whose rows need more than
 *    one plan (a search that matches often or rarely) passes `fetch`, built from `keysetFetch`.
 * 4. exports CSV with `csvFile(filename, keysetRows(queryBuilder, MEMBER_LIST, query.sort), columns)`
 *    returned from the handler: the same filters and order as the list, fetched in keyset batches
 *    only as fast as the client reads.
 */
export {
  ApiCsvExport,
  CSV_CONTENT_TYPE,
  attachmentDisposition,
  csvFile,
  csvStream,
  defuseFormula,
} from './csv.js';
export type { CsvColumn } from './csv.js';
export {
  countTotal,
  estimateRows,
  estimateTotal,
  keysetFetch,
  keysetFetchCounted,
  keysetPage,
  keysetRows,
  mapPage,
} from './keyset-page.js';
export type {
  CountPolicy,
  KeyedRow,
  KeysetFetched,
  KeysetPageOptions,
  KeysetRequest,
  ListTotal,
  RowKey,
  TotalPolicy,
} from './keyset-page.js';
export { ListCursorCodec, MAX_CURSOR_LENGTH } from './list-cursor.js';
export { DeclaredListQuery, isoTimestamp, listBase } from './list-statement.js';
export type { ListCondition, ListJoin, ListSource } from './list-statement.js';
export type { CursorDirection, CursorPosition, CursorScope } from './list-cursor.js';
export { defineList, resolveSort, sortValues } from './list-definition.js';
export type { ListDefinition, ListSort, SortValue } from './list-definition.js';
export { DEFAULT_LIST_LIMIT, ListQueryDto, MAX_LIST_LIMIT } from './list-query.js';
export type { ListQuery } from './list-query.js';
export { ListModule } from './list.module.js';
export { ApiPage, PageDto } from './page.js';
export type { Page } from './page.js';
