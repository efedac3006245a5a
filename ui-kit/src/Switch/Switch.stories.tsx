import type { Meta, StoryObj } from '@storybook/react-vite';
import { Switch } from './Switch';

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { label: 'Show table view' },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const On: Story = { args: { defaultChecked: true } };

export const WithDescription: Story = {
  args: {
    label: 'Weekly digest',
    description: 'A summary of claims and stock every Monday.',
    defaultChecked: true,
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const RightToLeft: Story = {
  args: { defaultChecked: true },
  parameters: { direction: 'rtl' },
};

export const DarkTheme: Story = { args: WithDescription.args, parameters: { theme: 'dark' } };
