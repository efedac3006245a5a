import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './DataTable.stories';
import { DataTable, type DataTableColumn } from './DataTable';

interface Row {
  id: string;
  sku: string;
  qty: number;
}

const rows: Row[] = [
  { id: '1', sku: 'TENT-2P', qty: 12 },
  { id: '2', sku: 'LAMP-USB', qty: 3 },
];

const columns: Array<DataTableColumn<Row>> = [
  { id: 'sku', header: 'SKU', cell: (row) => row.sku, sortable: true, rowHeader: true },
  { id: 'qty', header: 'On hand', cell: (row) => row.qty, sortable: true, align: 'end' },
];

const base = {
  caption: 'Inventory',
  columns,
  rows,
  getRowId: (row: Row) => row.id,
  getRowLabel: (row: Row) => row.sku,
};

describe('DataTable', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a captioned table with column and row headers', () => {
    render(<DataTable {...base} />);
    const table = screen.getByRole('table', { name: 'Inventory' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['SKU', 'On hand']);
    expect(within(table).getByRole('rowheader', { name: 'TENT-2P' })).toBeInTheDocument();
  });

  it('labels each cell with its header for the stacked layout, hidden from assistive technology', () => {
    render(<DataTable {...base} />);
    const table = screen.getByRole('table', { name: 'Inventory' });
    expect(table.closest('[data-layout]')).toHaveAttribute('data-layout', 'auto');
    const cell = within(table).getAllByRole('cell')[0]!;
    // The accessible name is the figure alone; the label is drawn only when the rows are cards.
    expect(cell).toHaveAccessibleName('12');
    expect(within(cell).getByText('On hand')).toHaveAttribute('aria-hidden', 'true');
    // The row header is the card's title: no label.
    expect(within(table).getByRole('rowheader', { name: 'TENT-2P' }).textContent).toBe('TENT-2P');
  });

  it('marks the stacked cells by priority and width, and keeps a table when asked', () => {
    const marked: Array<DataTableColumn<Row>> = [
      columns[0]!,
      { ...columns[1]!, priority: 'secondary', fullWidthWhenStacked: true },
    ];
    const { rerender } = render(<DataTable {...base} columns={marked} />);
    const cell = within(screen.getByRole('table')).getAllByRole('cell')[0]!;
    expect(cell).toHaveAttribute('data-priority', 'secondary');
    expect(cell).toHaveAttribute('data-full-width', 'true');
    rerender(<DataTable {...base} columns={marked} layout="table" />);
    expect(screen.getByRole('table').closest('[data-layout]')).toHaveAttribute(
      'data-layout',
      'table',
    );
  });

  it('requests sorts from the headers and reflects the current sort', async () => {
    const onSortChange = jest.fn();
    const { rerender } = render(<DataTable {...base} onSortChange={onSortChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'On hand' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'qty', direction: 'asc' });
    rerender(
      <DataTable
        {...base}
        sort={{ columnId: 'qty', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'On hand' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    screen.getByRole('button', { name: 'On hand' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'qty', direction: 'desc' });
  });

  it('selects rows and all rows of the page', async () => {
    const onSelectionChange = jest.fn();
    const { rerender } = render(
      <DataTable {...base} selectedIds={[]} onSelectionChange={onSelectionChange} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select LAMP-USB' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['2']);
    rerender(<DataTable {...base} selectedIds={['2']} onSelectionChange={onSelectionChange} />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['2', '1']);
    rerender(
      <DataTable {...base} selectedIds={['2', '1']} onSelectionChange={onSelectionChange} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('makes rows reachable and activatable by keyboard, ignoring clicks on controls', async () => {
    const onRowClick = jest.fn();
    render(
      <DataTable
        {...base}
        onRowClick={onRowClick}
        selectedIds={[]}
        onSelectionChange={jest.fn()}
      />,
    );
    const [, first] = screen.getAllByRole('row');
    first?.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(rows[0]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select TENT-2P' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('cell', { name: '3' }));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
  });

  it('shows skeleton rows while loading, a progress bar while refreshing, and the empty state', () => {
    const { rerender } = render(<DataTable {...base} rows={[]} loading skeletonRows={3} />);
    const body = screen.getAllByRole('rowgroup')[1];
    expect(body).toHaveAttribute('aria-busy', 'true');
    expect(within(body as HTMLElement).getAllByRole('row')).toHaveLength(3);
    rerender(<DataTable {...base} loading />);
    expect(screen.getByRole('progressbar', { name: 'Updating the list' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    rerender(<DataTable {...base} rows={[]} emptyState={<p>No items</p>} />);
    expect(screen.getByRole('cell', { name: 'No items' })).toHaveAttribute('colspan', '2');
  });
});
