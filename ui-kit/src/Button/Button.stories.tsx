import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from './Button';
import { Inline } from '../Stack';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Submit claim', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Clear filters' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Delete draft' } };

export const Sizes: Story = {
  render: (args) => (
    <Inline gap={3} wrap={false}>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </Inline>
  ),
};

export const Disabled: Story = { args: { disabled: true } };

export const Loading: Story = { args: { loading: true, children: 'Submitting…' } };

export const WithIcon: Story = {
  args: {
    variant: 'secondary',
    children: 'Export CSV',
    leadingIcon: (
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
        <path d="M8 1.5a.75.75 0 01.75.75v6.69l2.22-2.22a.75.75 0 111.06 1.06l-3.5 3.5a.75.75 0 01-1.06 0l-3.5-3.5a.75.75 0 111.06-1.06l2.22 2.22V2.25A.75.75 0 018 1.5zM2.75 12.5a.75.75 0 000 1.5h10.5a.75.75 0 000-1.5H2.75z" />
      </svg>
    ),
  },
};

export const LongContent: Story = {
  args: { children: 'Request reimbursement for every damaged unit in this shipment' },
};

export const FullWidth: Story = { args: { fullWidth: true } };

export const DarkTheme: Story = {
  parameters: { theme: 'dark' },
  render: (args) => (
    <Inline gap={3}>
      <Button {...args}>Primary</Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="ghost">
        Ghost
      </Button>
      <Button {...args} variant="danger">
        Danger
      </Button>
      <Button {...args} disabled>
        Disabled
      </Button>
      <Button {...args} loading>
        Loading
      </Button>
    </Inline>
  ),
};
