import { useEffect, useRef, useState } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router-dom';

/**
 * The state of a server list (filters, search, sort, cursor) lives in the URL's search params, so a
 * list can be shared, reloaded and walked with back and forward (docs/product.md §3). The names of
 * the params are those of the API's list query (docs/api.md, Lists): `?q&sort=field|-field&cursor`
 * plus the list's own filters, so the URL's state is also the request's.
 */
export const LIST_PARAMS = { search: 'q', sort: 'sort', cursor: 'cursor' } as const;

/** How long typing in a search box pauses before the search goes to the URL (and the server). */
export const SEARCH_DEBOUNCE_MS = 300;

export type SortDirection = 'asc' | 'desc';

/** A sort as the API writes it: `name` ascending, `-name` descending. */
export type SortParam<Field extends string> = Field | `-${Field}`;

export interface ListSort<Field extends string> {
  field: Field;
  direction: SortDirection;
}

/** One page of a list, as every list of the API answers it (docs/api.md, Lists). */
export interface ListPage<Row> {
  items: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
  /** An estimate when `totalExact` is false. */
  total: number;
  totalExact: boolean;
}

/** A filter's allowed values, or `'any'` non-empty value. */
export type ListFilterValues = readonly string[] | 'any';

export interface ListStateOptions<Field extends string, FilterKey extends string> {
  /** The fields the API sorts this list by. */
  sortFields: readonly Field[];
  /** The sort when the URL names none (or one the list does not know). */
  defaultSort: ListSort<Field>;
  /**
   * Each filter's allowed values; a value outside them reads as no filter. `'any'` takes any
   * non-empty value, for filters whose values are the partner's own data (a category, a
   * warehouse) that the server checks.
   */
  filters?: Readonly<Record<FilterKey, ListFilterValues>>;
  /** Whether the list has a search box (`?q=`). */
  search?: boolean;
  /** Pause of the search box before the search is sent. */
  searchDebounceMs?: number;
}

/** The list's query for the API: the URL's state, defaults left out. */
export type ListQuery<Field extends string, FilterKey extends string> = {
  sort: SortParam<Field>;
  cursor?: string;
  q?: string;
} & Partial<Record<FilterKey, string>>;

export interface ListState<Field extends string, FilterKey extends string> {
  /** The fields the list sorts by. */
  sortFields: readonly Field[];
  sort: ListSort<Field>;
  /** The page's cursor; none on the first page. */
  cursor: string | undefined;
  /** The filters set to an allowed value. */
  filters: Partial<Record<FilterKey, string>>;
  /** The search sent to the server. */
  search: string;
  /** The text in the search box, ahead of `search` while typing pauses. */
  searchDraft: string;
  /** How many filters (the search included) narrow the list. */
  activeFilterCount: number;
  query: ListQuery<Field, FilterKey>;
  /** Sorts the list, from its first page (a new history entry). */
  setSort: (sort: ListSort<Field>) => void;
  /** Sets or clears (`undefined`) a filter, from the first page (a new history entry). */
  setFilter: (key: FilterKey, value: string | undefined) => void;
  /** Sets or clears several filters at once (a date range's two ends): one history entry. */
  setFilters: (values: Partial<Record<FilterKey, string | undefined>>) => void;
  /** The search box's text: sent once typing pauses, replacing the history entry. */
  setSearchDraft: (text: string) => void;
  /** Sends a search at once (Enter, clear), replacing the history entry. */
  commitSearch: (text: string) => void;
  /** Another page (a new history entry, so back returns to this one); `null` for the first. */
  goToCursor: (cursor: string | null) => void;
  /** Clears every filter and the search, keeping the sort (a new history entry). */
  clearFilters: () => void;
}

/** `-memberSince` → memberSince descending; the fallback for anything the list does not sort by. */
export function parseSort<Field extends string>(
  value: string | null,
  fields: readonly Field[],
  fallback: ListSort<Field>,
): ListSort<Field> {
  if (value === null) return fallback;
  const direction: SortDirection = value.startsWith('-') ? 'desc' : 'asc';
  const name = direction === 'desc' ? value.slice(1) : value;
  const field = fields.find((candidate) => candidate === name);
  return field === undefined ? fallback : { field, direction };
}

export function formatSort<Field extends string>({
  field,
  direction,
}: ListSort<Field>): SortParam<Field> {
  return direction === 'desc' ? `-${field}` : field;
}

const sameSort = <Field extends string>(a: ListSort<Field>, b: ListSort<Field>): boolean =>
  a.field === b.field && a.direction === b.direction;

const nonEmpty = (value: string | null): string | undefined =>
  value === null || value === '' ? undefined : value;

/** What the URL says of a list: its sort, cursor, search and filters, and the API's query for them. */
export interface ListParams<Field extends string, FilterKey extends string> {
  sort: ListSort<Field>;
  cursor: string | undefined;
  search: string;
  filters: Partial<Record<FilterKey, string>>;
  query: ListQuery<Field, FilterKey>;
}

/**
 * Reads a list's state from the URL's search params, as `useListState` does: for a route's loader,
 * which starts the list's request before the screen renders, under the very query key the screen
 * then reads.
 */
export function readListParams<Field extends string, FilterKey extends string = never>(
  params: URLSearchParams,
  options: Pick<
    ListStateOptions<Field, FilterKey>,
    'sortFields' | 'defaultSort' | 'filters' | 'search'
  >,
): ListParams<Field, FilterKey> {
  const { sortFields, defaultSort, filters: filterValues } = options;
  const sort = parseSort(params.get(LIST_PARAMS.sort), sortFields, defaultSort);
  const cursor = nonEmpty(params.get(LIST_PARAMS.cursor));
  const search = options.search ? (nonEmpty(params.get(LIST_PARAMS.search))?.trim() ?? '') : '';
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const [key, allowed] of Object.entries(filterValues ?? {}) as Array<
    [FilterKey, ListFilterValues]
  >) {
    const value = nonEmpty(params.get(key));
    if (value !== undefined && (allowed === 'any' || allowed.includes(value))) filters[key] = value;
  }
  const query = {
    ...filters,
    sort: formatSort(sort),
    ...(cursor === undefined ? {} : { cursor }),
    ...(search === '' ? {} : { q: search }),
  } as ListQuery<Field, FilterKey>;
  return { sort, cursor, search, filters, query };
}

/** Changes a copy of the URL's search params in place. */
export type SearchParamsChange = (next: URLSearchParams) => void;

/**
 * The URL's search params, and a change to them made onto the params as last set, not as last
 * rendered. react-router's `setSearchParams(updater)` hands the updater the params of the last
 * render, and its navigations render in a transition: a second change made before the first one has
 * rendered (a second click while eight charts draw, a debounced search landing after a filter) would
 * put the first one's old values back. Every screen that writes its state into the URL writes it
 * through here (docs/decisions.md, "URL state").
 */
export function useSearchParamsChange(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  // The params as last set, or as last rendered once the URL renders (that change, back, a link):
  // also what a change from an older render's closure (a timer) starts from.
  const last = useRef(params);
  useEffect(() => {
    last.current = params;
  }, [params]);

  const apply = (change: SearchParamsChange, options?: NavigateOptions) => {
    const next = new URLSearchParams(last.current);
    change(next);
    last.current = next;
    setParams(next, options);
  };
  return [params, apply];
}

/** Reads and writes a list's filters, search, sort and cursor in the URL. */
export function useListState<Field extends string, FilterKey extends string = never>(
  options: ListStateOptions<Field, FilterKey>,
): ListState<Field, FilterKey> {
  const { sortFields, defaultSort, filters: filterValues, searchDebounceMs } = options;
  const debounceMs = searchDebounceMs ?? SEARCH_DEBOUNCE_MS;
  const [params, changeParams] = useSearchParamsChange();

  const { sort, cursor, search, filters, query } = readListParams(params, options);
  const filterEntries = Object.entries(filterValues ?? {}) as Array<[FilterKey, ListFilterValues]>;

  /** Applies a change to the URL's params; every change but a page move starts from page one. */
  const update = (change: SearchParamsChange, { replace }: { replace: boolean }) =>
    changeParams(
      (next) => {
        next.delete(LIST_PARAMS.cursor);
        change(next);
      },
      { replace },
    );

  // The search box runs ahead of the URL while typing pauses; it follows the URL when that moves
  // on its own (back, forward, a cleared filter), but not when the URL catches up with a search
  // the box sent itself: what was typed meanwhile stays.
  const [searchDraft, setDraft] = useState(search);
  const [draftFor, setDraftFor] = useState(search);
  const [sentSearch, setSentSearch] = useState<string>();
  if (draftFor !== search) {
    setDraftFor(search);
    if (search === sentSearch) setSentSearch(undefined);
    else setDraft(search);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commitSearch = (text: string) => {
    clearTimeout(timer.current);
    const trimmed = text.trim();
    setDraft(text);
    if (trimmed !== search) setSentSearch(trimmed);
    update(
      (next) => {
        if (trimmed === '') next.delete(LIST_PARAMS.search);
        else next.set(LIST_PARAMS.search, trimmed);
      },
      { replace: true },
    );
  };

  const setSearchDraft = (text: string) => {
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commitSearch(text), debounceMs);
  };

  const setSort = (next: ListSort<Field>) =>
    update(
      (draft) => {
        if (sameSort(next, defaultSort)) draft.delete(LIST_PARAMS.sort);
        else draft.set(LIST_PARAMS.sort, formatSort(next));
      },
      { replace: false },
    );

  const setFilters = (values: Partial<Record<FilterKey, string | undefined>>) =>
    update(
      (next) => {
        for (const [key, value] of Object.entries(values) as Array<
          [FilterKey, string | undefined]
        >) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
      },
      { replace: false },
    );

  const setFilter = (key: FilterKey, value: string | undefined) =>
    setFilters({ [key]: value } as Partial<Record<FilterKey, string | undefined>>);

  const goToCursor = (next: string | null) =>
    changeParams(
      (moved) => {
        if (next === null) moved.delete(LIST_PARAMS.cursor);
        else moved.set(LIST_PARAMS.cursor, next);
      },
      { replace: false },
    );

  const clearFilters = () => {
    clearTimeout(timer.current);
    update(
      (next) => {
        next.delete(LIST_PARAMS.search);
        for (const [key] of filterEntries) next.delete(key);
      },
      { replace: false },
    );
  };

  return {
    sortFields,
    sort,
    cursor,
    filters,
    search,
    searchDraft,
    activeFilterCount: Object.keys(filters).length + (search === '' ? 0 : 1),
    query,
    setSort,
    setFilter,
    setFilters,
    setSearchDraft,
    commitSearch,
    goToCursor,
    clearFilters,
  };
}
