import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '../../EmptyState';
import { formatEuros, formatWeek, weeklyClaims } from '../internal/sample.fixtures';
import { LineChart } from './LineChart';

const meta = {
  title: 'Charts/LineChart',
  component: LineChart,
  args: {
    title: 'Claims filed per week by type, January and February 2026',
    data: weeklyClaims,
    xKey: 'week',
    formatX: formatWeek,
    series: [
      { key: 'lost', label: 'Lost' },
      { key: 'damaged', label: 'Damaged' },
      { key: 'inbound_short', label: 'Inbound short' },
    ],
  },
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SingleSeriesArea: Story = {
  args: {
    title: 'Amount approved per week',
    area: true,
    series: [{ key: 'approved', label: 'Approved', color: 2 }],
    formatY: formatEuros,
  },
};

export const StackedArea: Story = { args: { area: true, stacked: true } };

export const Empty: Story = {
  args: { data: [], empty: <EmptyState headingLevel={3} title="No claims in this period" /> },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
