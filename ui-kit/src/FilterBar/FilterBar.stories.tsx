import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../Button';
import { DateRangePicker, defaultDatePresets } from '../DateRangePicker';
import { SearchField } from '../SearchField';
import { Select } from '../Select';
import { FilterBar } from './FilterBar';

const filters = (
  <>
    <SearchField label="Search claims" placeholder="Number or item" size="sm" />
    <Select
      label="Status"
      hideLabel
      size="sm"
      placeholder="All statuses"
      options={[
        { value: 'draft', label: 'Draft' },
        { value: 'submitted', label: 'Submitted' },
        { value: 'approved', label: 'Approved' },
      ]}
    />
    <Select
      label="Type"
      hideLabel
      size="sm"
      placeholder="All types"
      options={[
        { value: 'lost', label: 'Lost' },
        { value: 'damaged', label: 'Damaged' },
      ]}
    />
  </>
);

const meta = {
  title: 'Data display/FilterBar',
  component: FilterBar,
  args: {
    label: 'Filter claims',
    children: filters,
    onClear: fn(),
    actions: (
      <Button variant="secondary" size="sm">
        Export CSV
      </Button>
    ),
  },
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActiveFilters: Story = { args: { activeCount: 2 } };

export const WithoutActions: Story = { args: { actions: undefined, activeCount: 1 } };

/** A date range among the filters: its preset and dates side by side, as one filter. */
export const WithDateRange: Story = {
  args: {
    children: (
      <>
        {filters}
        <DateRangePicker
          label="Filed"
          openEnded
          presets={defaultDatePresets('2026-03-20')}
          value={{ start: '', end: '' }}
          onChange={fn()}
        />
      </>
    ),
  },
};

export const DarkTheme: Story = { args: { activeCount: 2 }, parameters: { theme: 'dark' } };
