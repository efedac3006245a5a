import {
  useId,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Checkbox } from '../Checkbox/Checkbox';
import { cx } from '../internal/cx';
import { setCssVariables, useCssVariables } from '../internal/useCssVariables';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../internal/icons';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { ProgressBar } from '../ProgressBar/ProgressBar';
import { Skeleton } from '../Skeleton/Skeleton';
import styles from './DataTable.module.css';

/** A column of a DataTable. */
export interface DataTableColumn<Row> {
  /** Stable id; also the sort key sent to the server. */
  id: string;
  /** Header text. */
  header: string;
  /** Renders the cell of a row. */
  cell: (row: Row) => ReactNode;
  /** Shows a sort button in the header. */
  sortable?: boolean;
  /** Alignment: `end` for numbers and amounts. */
  align?: 'start' | 'center' | 'end';
  /** CSS width of the column. */
  width?: string;
  /** Renders the cell as the row's header (`<th scope="row">`): the column that names the row. */
  rowHeader?: boolean;
  /**
   * How the cell shows when the rows are stacked as cards (a narrow table, see `layout`): `primary`
   * (the default) for the row's key figures, state and actions, in full size; `secondary` for the
   * rest, small and muted. Every cell stays in the card, with its header as its label.
   */
  priority?: 'primary' | 'secondary';
  /** When the rows are stacked as cards, the cell takes the card's whole width (actions, long text). */
  fullWidthWhenStacked?: boolean;
}

export type SortDirection = 'asc' | 'desc';

/** The current sort, owned by the caller (usually in the URL) and applied by the server. */
export interface DataTableSort {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableProps<Row> extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** What the table lists; its accessible name. */
  caption: string;
  /** Hides the caption visually (when a heading above already says it). */
  hideCaption?: boolean;
  /** The columns, in order. */
  columns: Array<DataTableColumn<Row>>;
  /** The rows of the current page. */
  rows: Row[];
  /** A stable id per row (selection, keys). */
  getRowId: (row: Row) => string;
  /** A short name per row for assistive technology ("CLM-2026-0042"), used by selection checkboxes. */
  getRowLabel?: (row: Row) => string;
  /** The current sort. */
  sort?: DataTableSort | null;
  /** Called with the requested sort when a sortable header is activated (asc first, then toggles). */
  onSortChange?: (sort: DataTableSort) => void;
  /** Ids of the selected rows; enables the selection column when `onSelectionChange` is set. */
  selectedIds?: readonly string[];
  /** Called with the new selection. */
  onSelectionChange?: (ids: string[]) => void;
  /** Makes rows focusable and activatable (click, Enter): open the row's detail page. */
  onRowClick?: (row: Row) => void;
  /** While true: skeleton rows when there are no rows yet, otherwise the current rows marked busy. */
  loading?: boolean;
  /** Number of skeleton rows while loading. */
  skeletonRows?: number;
  /** Shown in place of rows when there are none (an EmptyState). */
  emptyState?: ReactNode;
  /** Keeps the header visible while the table scrolls (set `maxHeight`). */
  stickyHeader?: boolean;
  /** Maximum height of the scrolling area, e.g. "70vh". */
  maxHeight?: string;
  /** Row height. */
  density?: 'comfortable' | 'compact';
  /**
   * `auto` (the default): a table, and below 40rem of its own width (a phone) each row a card of
   * labelled cells, so that no figure or action hides behind a sideways scroll. `table`: always a
   * table, for data read across columns.
   */
  layout?: 'auto' | 'table';
  /** Content under the table, e.g. Pagination. */
  footer?: ReactNode;
  /** Accessible name of the progress bar shown while rows are refreshed. */
  refreshingLabel?: string;
  /** Label of the select-all checkbox. */
  selectAllLabel?: string;
  /** Builds the label of a row checkbox from the row label. */
  selectRowLabel?: (rowLabel: string) => string;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A table for server-driven lists: sorting, selection, loading and empty states, a sticky header
 * and keyboard-reachable rows. It renders what it is given; sort and pages are the caller's state.
 */
export function DataTable<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  getRowId,
  getRowLabel,
  sort,
  onSortChange,
  selectedIds = [],
  onSelectionChange,
  onRowClick,
  loading = false,
  skeletonRows = 5,
  emptyState,
  stickyHeader = false,
  maxHeight,
  density = 'comfortable',
  layout = 'auto',
  footer,
  refreshingLabel = 'Updating the list',
  selectAllLabel = 'Select all rows on this page',
  selectRowLabel = (rowLabel) => `Select ${rowLabel}`,
  className,
  ref,
  ...rest
}: DataTableProps<Row>) {
  const rootRef = useCssVariables({ '--table-max-height': maxHeight }, ref);
  const captionId = useId();
  const selectable = onSelectionChange !== undefined;
  const selected = new Set(selectedIds);
  const pageIds = rows.map(getRowId);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const columnCount = columns.length + (selectable ? 1 : 0);
  const showSkeleton = loading && rows.length === 0;

  const toggleAll = () => {
    if (!onSelectionChange) return;
    const allSelected = selectedOnPage === pageIds.length && pageIds.length > 0;
    onSelectionChange(
      allSelected
        ? selectedIds.filter((id) => !pageIds.includes(id))
        : [...new Set([...selectedIds, ...pageIds])],
    );
  };

  const toggleRow = (id: string) => {
    onSelectionChange?.(
      selected.has(id) ? selectedIds.filter((s) => s !== id) : [...selectedIds, id],
    );
  };

  const requestSort = (columnId: string) => {
    const direction: SortDirection =
      sort?.columnId === columnId && sort.direction === 'asc' ? 'desc' : 'asc';
    onSortChange?.({ columnId, direction });
  };

  const isFromControl = (target: EventTarget) =>
    target instanceof Element &&
    target.closest('a, button, input, select, textarea, [role="checkbox"]') !== null;

  const activateRow = (row: Row, event: MouseEvent | KeyboardEvent) => {
    if (!onRowClick || isFromControl(event.target)) return;
    if ('key' in event) {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
    }
    onRowClick(row);
  };

  return (
    <div
      className={cx(styles.root, className)}
      data-sticky={stickyHeader}
      data-density={density}
      data-layout={layout}
      ref={rootRef}
      {...rest}
    >
      {/* Focusable so keyboard users can scroll a table wider or taller than the screen. */}
      {loading && rows.length > 0 && (
        <ProgressBar className={styles.refreshing} label={refreshingLabel} hideLabel size="sm" />
      )}
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          {hideCaption ? (
            <caption id={captionId}>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </caption>
          ) : (
            <caption id={captionId} className={styles.caption}>
              {caption}
            </caption>
          )}
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className={cx(styles.th, styles.selectCell)}>
                  <Checkbox
                    label={selectAllLabel}
                    hideLabel
                    disabled={rows.length === 0}
                    checked={
                      selectedOnPage === 0
                        ? false
                        : selectedOnPage === pageIds.length
                          ? true
                          : 'indeterminate'
                    }
                    onCheckedChange={toggleAll}
                  />
                </th>
              )}
              {columns.map((column) => {
                const sorted = sort?.columnId === column.id ? sort.direction : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={styles.th}
                    data-align={column.align ?? 'start'}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                    ref={(element) => setCssVariables(element, { '--column-width': column.width })}
                  >
                    {column.sortable && onSortChange ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => requestSort(column.id)}
                      >
                        {column.header}
                        <span className={styles.sortIcon} aria-hidden="true">
                          {sorted === 'asc' ? (
                            <ArrowUpIcon />
                          ) : sorted === 'desc' ? (
                            <ArrowDownIcon />
                          ) : (
                            <SortIcon />
                          )}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={styles.body} aria-busy={loading || undefined}>
            {showSkeleton &&
              Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={`skeleton-${index}`} className={styles.tr}>
                  {Array.from({ length: columnCount }, (__, cell) => (
                    <td key={cell} className={styles.td}>
                      <Skeleton width={cell === 0 && selectable ? '1rem' : '70%'} />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr className={styles.tr}>
                <td colSpan={columnCount} className={cx(styles.td, styles.emptyCell)}>
                  {emptyState}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const id = getRowId(row);
              const isSelected = selected.has(id);
              return (
                <tr
                  key={id}
                  className={styles.tr}
                  data-selected={isSelected || undefined}
                  data-interactive={onRowClick ? true : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? (event) => activateRow(row, event) : undefined}
                  onKeyDown={onRowClick ? (event) => activateRow(row, event) : undefined}
                >
                  {selectable && (
                    <td className={cx(styles.td, styles.selectCell)}>
                      <Checkbox
                        label={selectRowLabel(getRowLabel?.(row) ?? id)}
                        hideLabel
                        checked={isSelected}
                        onCheckedChange={() => toggleRow(id)}
                      />
                    </td>
                  )}
                  {columns.map((column) => {
                    const Cell = column.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.id}
                        scope={column.rowHeader ? 'row' : undefined}
                        className={cx(styles.td, column.rowHeader && styles.rowHeader)}
                        data-align={column.align ?? 'start'}
                        data-priority={column.priority ?? 'primary'}
                        data-full-width={column.fullWidthWhenStacked || undefined}
                      >
                        {/* The header as the cell's label on a card; assistive technology reads
                            the column header itself. */}
                        {column.rowHeader ? null : (
                          <span className={styles.cellLabel} aria-hidden="true">
                            {column.header}
                          </span>
                        )}
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
