import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './Select';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: {
    label: 'Claim type',
    placeholder: 'Choose a type',
    options: [
      { value: 'lost', label: 'Lost in warehouse' },
      { value: 'damaged', label: 'Damaged in warehouse' },
      { value: 'inbound_short', label: 'Inbound received short' },
    ],
  },
  decorators: [
    (Story) => (
      <StoryFrame width={20}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: 'Decides which evidence is required.' } };

export const WithError: Story = { args: { required: true, error: 'Choose a claim type.' } };

export const HiddenLabel: Story = {
  args: { label: 'Status', hideLabel: true, placeholder: 'All statuses', size: 'sm' },
};

export const Disabled: Story = { args: { disabled: true } };

export const DarkTheme: Story = { args: WithError.args, parameters: { theme: 'dark' } };
