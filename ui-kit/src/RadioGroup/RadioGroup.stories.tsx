import type { Meta, StoryObj } from '@storybook/react-vite';
import { RadioGroup } from './RadioGroup';

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'Granularity',
    defaultValue: 'week',
    options: [
      { value: 'day', label: 'Day' },
      { value: 'week', label: 'Week' },
      { value: 'month', label: 'Month' },
    ],
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Horizontal: Story = { args: { orientation: 'horizontal' } };

export const WithDescriptions: Story = {
  args: {
    label: 'Claim type',
    defaultValue: undefined,
    hint: 'Decides which evidence you need.',
    options: [
      { value: 'lost', label: 'Lost in warehouse', description: 'Units the network cannot find.' },
      {
        value: 'damaged',
        label: 'Damaged in warehouse',
        description: 'Units damaged while stored or handled.',
      },
      {
        value: 'inbound_short',
        label: 'Inbound received short',
        description: 'Fewer units received than announced.',
        disabled: true,
      },
    ],
  },
};

export const WithError: Story = {
  args: { defaultValue: undefined, required: true, error: 'Choose a granularity.' },
};

export const RightToLeft: Story = { parameters: { direction: 'rtl' } };

export const DarkTheme: Story = { args: WithDescriptions.args, parameters: { theme: 'dark' } };
