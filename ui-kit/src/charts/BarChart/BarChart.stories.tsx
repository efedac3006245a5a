import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '../../EmptyState';
import { formatEuros, formatWeek, weeklyClaims } from '../internal/sample.fixtures';
import { BarChart } from './BarChart';

const meta = {
  title: 'Charts/BarChart',
  component: BarChart,
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
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grouped: Story = {};

export const Stacked: Story = { args: { stacked: true } };

export const TopItems: Story = {
  args: {
    title: 'Top items by amount claimed',
    layout: 'horizontal-bars',
    xKey: 'sku',
    formatX: String,
    formatY: formatEuros,
    data: [
      { sku: 'TENT-2P', amount: 412_000 },
      { sku: 'STOVE-GAS', amount: 220_500 },
      { sku: 'LAMP-USB', amount: 98_000 },
      { sku: 'MAT-XL', amount: 45_300 },
    ],
    series: [{ key: 'amount', label: 'Amount claimed', color: 1 }],
  },
};

export const Empty: Story = {
  args: { data: [], empty: <EmptyState headingLevel={3} title="No claims in this period" /> },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
