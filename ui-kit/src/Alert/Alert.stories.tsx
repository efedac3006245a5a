import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../Button';
import { Alert, Banner } from './Alert';
import { Stack } from '../Stack';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  args: {
    title: 'Information requested',
    children: 'The reviewer asked for photos of the damaged cartons by 14 March.',
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};

export const Success: Story = {
  args: { tone: 'success', title: 'Claim submitted', children: 'We will review it within 5 days.' },
};

export const Warning: Story = {
  args: { tone: 'warning', title: '3 days left', children: 'File the claim before 14 March.' },
};

export const Danger: Story = {
  args: {
    tone: 'danger',
    title: 'The claims could not be loaded',
    children: 'Check your connection and try again.',
    actions: (
      <Button size="sm" variant="secondary">
        Retry
      </Button>
    ),
  },
};

export const Dismissible: Story = { args: { onDismiss: fn() } };

export const WithoutTitle: Story = { args: { title: undefined } };

export const BannerLayout: Story = {
  render: (args) => (
    <Banner {...args} tone="warning" title="Acme Outdoor is suspended">
      You can read its data but not file claims. Contact your account manager.
    </Banner>
  ),
};

export const LongContent: Story = {
  args: {
    tone: 'warning',
    title: 'Several losses and damages recorded in the last 60 days have not been claimed yet',
    children:
      'Eleven movements across four warehouses (Rotterdam, Leipzig, Milan and Lyon) are eligible for reimbursement. The oldest filing window closes in 2 days; after that the amount can no longer be claimed.',
    onDismiss: fn(),
  },
};

export const DarkTheme: Story = {
  parameters: { theme: 'dark' },
  render: (args) => (
    <Stack gap={3}>
      <Alert {...args} />
      <Alert {...args} tone="success" />
      <Alert {...args} tone="warning" />
      <Alert {...args} tone="danger" />
    </Stack>
  ),
};
