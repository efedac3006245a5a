import {
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  FilterBar,
  Pagination,
  SearchField,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';

import { ApiError } from './api-client';
import { describeApiError } from './api-errors';
import { formatCount } from './format';
import type { ListPage, ListState } from './list-state';

/** What a list holds, singular and plural: "member", "members". */
export interface ListNoun {
  one: string;
  other: string;
}

/** "1 member", "25 members", "About 1,200 items" (an estimate, `totalExact: false`). */
export function formatListTotal(
  page: Pick<ListPage<unknown>, 'total' | 'totalExact'>,
  noun: ListNoun,
) {
  const count = `${formatCount(page.total)} ${page.total === 1 ? noun.one : noun.other}`;
  return page.totalExact ? count : `About ${count}`;
}

export interface ListViewProps<Row, Field extends string, FilterKey extends string> {
  /** Names the table (its caption, hidden: the page's heading says it). */
  caption: string;
  /** What the list holds, for its total and its empty states. */
  noun: ListNoun;
  /** The list's state in the URL, from `useListState`. */
  state: ListState<Field, FilterKey>;
  /** The page's query (keep the previous page as placeholder data while the next loads). */
  query: UseQueryResult<ListPage<Row>>;
  /** The columns; a sortable column's `id` is the API's sort field. */
  columns: Array<DataTableColumn<Row>>;
  getRowId: (row: Row) => string;
  /** Opens a row's detail screen. */
  onRowClick?: (row: Row) => void;
  /** Shown when the list has nothing at all (no filter set). */
  empty: { title: string; description?: ReactNode; action?: ReactNode };
  /** Names the search box when the list has one ("Search members"). */
  searchLabel?: string;
  /** What the search box looks in, shown in it while empty ("SKU, name or barcode"). */
  searchPlaceholder?: string;
  /** The filter controls of the FilterBar (Select size="sm", DateRangePicker…). */
  filters?: ReactNode;
  /** Actions on the whole list, at the end of the FilterBar (Export CSV, New claim). */
  actions?: ReactNode;
  /** Rows chosen for an action on several at once (the staff queue's "Assign to me"). */
  selection?: {
    selectedIds: readonly string[];
    onChange: (ids: string[]) => void;
    /** A row's short name for its checkbox ("Select CLM-000123"). */
    getRowLabel: (row: Row) => string;
  };
}

/**
 * A server list wired once: FilterBar (search, filters, clear), DataTable (sort headers in the URL,
 * loading skeleton, the previous page kept while the next loads), Pagination (cursors in the URL,
 * back and forward walk the pages), and the empty, no-results and error states.
 */
export function ListView<Row, Field extends string, FilterKey extends string>({
  caption,
  noun,
  state,
  query,
  columns,
  getRowId,
  onRowClick,
  empty,
  searchLabel,
  searchPlaceholder,
  filters,
  actions,
  selection,
}: ListViewProps<Row, Field, FilterKey>) {
  // The rows render in a transition: React renders a page of rows in slices, between which the
  // browser can paint and answer input, where the query's own update (synchronous, as every update of
  // an external store) would render them all in one long task. Until then the table shows what it
  // showed before: the skeleton, or the previous page (docs/performance.md, Lighthouse).
  const page = useDeferredValue(query.data);
  const rendering = page !== query.data;
  const filtered = state.activeFilterCount > 0;
  const hasFilterBar = searchLabel !== undefined || filters !== undefined || actions !== undefined;

  const filterBar = hasFilterBar ? (
    <FilterBar
      label={`Filter ${noun.other}`}
      activeCount={state.activeFilterCount}
      onClear={state.clearFilters}
      actions={actions}
    >
      {searchLabel !== undefined ? (
        <SearchField
          label={searchLabel}
          placeholder={searchPlaceholder}
          size="sm"
          value={state.searchDraft}
          // The list state sends the search once typing pauses; a cleared box (the clear button,
          // Escape) and Enter send it at once.
          onValueChange={(text) =>
            text === '' ? state.commitSearch(text) : state.setSearchDraft(text)
          }
          onKeyDown={(event) => {
            if (event.key === 'Enter') state.commitSearch(event.currentTarget.value);
          }}
        />
      ) : null}
      {filters}
    </FilterBar>
  ) : null;

  if (query.isError && query.data === undefined) {
    // A cursor the server no longer accepts (tampered, from another sort): start over.
    const badCursor =
      state.cursor !== undefined && query.error instanceof ApiError && query.error.status === 400;
    return (
      <>
        {filterBar}
        <ErrorState
          title={`We couldn't load the ${noun.other}`}
          description={
            badCursor
              ? 'This page of the list is no longer available.'
              : describeApiError(query.error)?.message
          }
          onRetry={badCursor ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
          action={
            badCursor ? (
              <Button variant="secondary" onClick={() => state.goToCursor(null)}>
                Go to the first page
              </Button>
            ) : undefined
          }
        />
      </>
    );
  }

  const emptyState = filtered ? (
    <EmptyState
      headingLevel={2}
      title={`No ${noun.other} match these filters`}
      description="Try other filters, or clear them to see everything."
      action={
        <Button variant="secondary" onClick={state.clearFilters}>
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState headingLevel={2} {...empty} />
  );

  const turningPage = query.isPlaceholderData && query.isFetching;
  return (
    <>
      {filterBar}
      <DataTable
        caption={caption}
        hideCaption
        columns={columns}
        rows={page?.items ?? []}
        getRowId={getRowId}
        getRowLabel={selection?.getRowLabel}
        selectedIds={selection?.selectedIds}
        onSelectionChange={selection?.onChange}
        onRowClick={onRowClick}
        sort={{ columnId: state.sort.field, direction: state.sort.direction }}
        onSortChange={({ columnId, direction }) => {
          const field = state.sortFields.find((candidate) => candidate === columnId);
          if (field !== undefined) state.setSort({ field, direction });
        }}
        loading={query.isPending || turningPage || (rendering && page === undefined)}
        emptyState={emptyState}
        footer={
          page && (page.items.length > 0 || page.prevCursor !== null) ? (
            <Pagination
              label={`Pages of ${noun.other}`}
              summary={formatListTotal(page, noun)}
              hasPrevious={page.prevCursor !== null}
              hasNext={page.nextCursor !== null}
              onPrevious={() => state.goToCursor(page.prevCursor)}
              onNext={() => state.goToCursor(page.nextCursor)}
              loading={turningPage}
            />
          ) : undefined
        }
      />
    </>
  );
}
