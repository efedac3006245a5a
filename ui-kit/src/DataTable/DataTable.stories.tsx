import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Money } from '../Money';
import { Pagination } from '../Pagination';
import { StatusPill, type ClaimStatus } from '../StatusPill';
import { DataTable, type DataTableColumn, type DataTableSort } from './DataTable';

interface ClaimRow {
  id: string;
  number: string;
  item: string;
  status: ClaimStatus;
  amount: number;
}

const statuses: ClaimStatus[] = [
  'draft',
  'submitted',
  'in_review',
  'info_requested',
  'approved',
  'paid',
];

const claims: ClaimRow[] = Array.from({ length: 8 }, (_, index) => ({
  id: `c${index + 1}`,
  number: `CLM-2026-${String(42 + index).padStart(4, '0')}`,
  item: ['TENT-2P', 'LAMP-USB', 'STOVE-GAS', 'MAT-XL'][index % 4] ?? 'TENT-2P',
  status: statuses[index % statuses.length] ?? 'draft',
  amount: 12999 * (index + 1),
}));

const columns: Array<DataTableColumn<ClaimRow>> = [
  { id: 'number', header: 'Claim', cell: (row) => row.number, sortable: true, rowHeader: true },
  { id: 'item', header: 'Item', cell: (row) => row.item },
  { id: 'status', header: 'Status', cell: (row) => <StatusPill status={row.status} /> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    sortable: true,
    cell: (row) => <Money amount={row.amount} currency="EUR" locale="en-GB" />,
  },
];

const meta = {
  title: 'Data display/DataTable',
  component: DataTable<ClaimRow>,
  args: {
    caption: 'Claims',
    columns,
    rows: claims,
    getRowId: (row: ClaimRow) => row.id,
    getRowLabel: (row: ClaimRow) => row.number,
  },
} satisfies Meta<typeof DataTable<ClaimRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sortable: Story = {
  render: function Render(args) {
    const [sort, setSort] = useState<DataTableSort>({ columnId: 'amount', direction: 'desc' });
    const rows = [...claims].sort((a, b) => {
      const key = sort.columnId as 'number' | 'amount';
      const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
      return sort.direction === 'asc' ? order : -order;
    });
    return <DataTable {...args} rows={rows} sort={sort} onSortChange={setSort} />;
  },
};

export const Selectable: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<string[]>(['c2']);
    return <DataTable {...args} selectedIds={selected} onSelectionChange={setSelected} />;
  },
};

export const ClickableRows: Story = { args: { onRowClick: fn() } };

export const Loading: Story = { args: { rows: [], loading: true } };

export const Refreshing: Story = { args: { loading: true } };

export const Empty: Story = {
  args: {
    rows: [],
    emptyState: (
      <EmptyState
        headingLevel={3}
        title="No claims match these filters"
        description="Try another status or date range."
        action={<Button variant="secondary">Clear filters</Button>}
      />
    ),
  },
};

export const StickyHeaderWithPagination: Story = {
  args: {
    stickyHeader: true,
    maxHeight: '16rem',
    density: 'compact',
    rows: [...claims, ...claims.map((row) => ({ ...row, id: `${row.id}b` }))],
    footer: <Pagination hasPrevious={false} hasNext onNext={fn()} summary="Showing 1–16 of 240" />,
  },
};

export const LongContent: Story = {
  args: {
    rows: claims.slice(0, 2).map((row) => ({
      ...row,
      item: 'TENT-2P · Two-person ultralight trekking tent with aluminium poles, forest green',
    })),
  },
};

export const DarkTheme: Story = {
  args: { selectedIds: ['c1'], onSelectionChange: fn() },
  parameters: { theme: 'dark' },
};

const phoneColumns: Array<DataTableColumn<ClaimRow>> = [
  ...columns,
  {
    id: 'filed',
    header: 'Filed',
    priority: 'secondary',
    cell: () => '2 May 2026',
  },
  {
    id: 'actions',
    header: 'Actions',
    fullWidthWhenStacked: true,
    cell: (row) => (
      <Button size="sm" variant="secondary" aria-label={`Withdraw ${row.number}`}>
        Withdraw
      </Button>
    ),
  },
];

/**
 * A 375 px phone: below 40rem of its own width the table stacks each row as a card, the row header
 * its title, every other cell labelled with its header (`secondary` cells small and muted, actions
 * across the card), so nothing hides behind a sideways scroll.
 */
export const Phone375: Story = {
  args: { columns: phoneColumns, rows: claims.slice(0, 4) },
  parameters: {
    viewport: {
      options: {
        phone375: {
          name: 'Phone, 375 px',
          styles: { width: '375px', height: '667px' },
          type: 'mobile',
        },
      },
    },
  },
  globals: { viewport: { value: 'phone375', isRotated: false } },
};

/** `layout="table"`: a table read across its columns stays a table, and scrolls when narrow. */
export const AlwaysATable: Story = {
  ...Phone375,
  args: { columns: phoneColumns, rows: claims.slice(0, 4), layout: 'table' },
};
