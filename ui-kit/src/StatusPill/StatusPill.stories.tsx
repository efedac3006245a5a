import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusPill, type ClaimStatus } from './StatusPill';
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

const meta = {
  title: 'Data display/StatusPill',
  component: StatusPill,
  args: { status: 'in_review' },
  argTypes: { status: { control: 'select', options: statuses } },
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

export const CustomLabel: Story = {
  args: { status: 'info_requested', label: 'Informations demandées' },
};

export const DarkTheme: Story = { ...AllStatuses, parameters: { theme: 'dark' } };
