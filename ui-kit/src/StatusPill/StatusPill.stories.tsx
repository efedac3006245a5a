import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusPill, type ClaimStatus, type StockState } from './StatusPill';
import { Inline } from '../Stack';

const statuses: ClaimStatus[] = [
  'draft',
  'submitted',
  'in_review',
  'info_requested',
  'approved',
  'rejected',
  'paid',
  'withdrawn',
];

const stockStates: StockState[] = ['in', 'low', 'out'];

const meta = {
  title: 'Data display/StatusPill',
  component: StatusPill,
  args: { status: 'in_review' },
  argTypes: { status: { control: 'select', options: [...statuses, ...stockStates] } },
} satisfies Meta<typeof StatusPill>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllStatuses: Story = {
  render: () => (
    <Inline gap={2}>
      {statuses.map((status) => (
        <StatusPill key={status} status={status} />
      ))}
    </Inline>
  ),
};

/** An inventory item's stock state: in stock, low (at or below its reorder point), out. */
export const StockStates: Story = {
  render: () => (
    <Inline gap={2}>
      {stockStates.map((state) => (
        <StatusPill key={state} status={state} />
      ))}
    </Inline>
  ),
};

export const StockStatesDarkTheme: Story = { ...StockStates, parameters: { theme: 'dark' } };

export const CustomLabel: Story = {
  args: { status: 'info_requested', label: 'Informations demandées' },
};

export const DarkTheme: Story = { ...AllStatuses, parameters: { theme: 'dark' } };
