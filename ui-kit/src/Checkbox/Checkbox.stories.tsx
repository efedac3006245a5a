import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './Checkbox';
import { Stack } from '../Stack';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'Email me when a claim changes status' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = {
  args: { checked: 'indeterminate', label: 'Select all rows' },
};

export const WithDescription: Story = {
  args: { description: 'At most one email per claim per day.', defaultChecked: true },
};

export const WithError: Story = {
  args: {
    label: 'I accept the partner terms',
    required: true,
    error: 'Accept the terms to continue.',
  },
};

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };

export const HiddenLabel: Story = { args: { label: 'Select CLM-2026-0042', hideLabel: true } };

export const DarkTheme: Story = {
  parameters: { theme: 'dark' },
  render: (args) => (
    <Stack gap={3}>
      <Checkbox {...args} />
      <Checkbox {...args} label="Checked" defaultChecked />
      <Checkbox {...args} label="Partly" checked="indeterminate" />
      <Checkbox {...args} label="Disabled" disabled />
    </Stack>
  ),
};
