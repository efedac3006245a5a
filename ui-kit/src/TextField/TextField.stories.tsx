import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './TextField';
import { StoryFrame } from '../test-utils/StoryFrame';
import { Stack } from '../Stack';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Email address', type: 'email', name: 'email', autoComplete: 'email' },
  decorators: [
    (Story) => (
      <StoryFrame width={24}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = {
  args: { hint: 'We send claim updates to this address.' },
};

export const WithError: Story = {
  args: {
    defaultValue: 'ana@',
    hint: 'We send claim updates to this address.',
    error: 'Enter an email address like name@example.com.',
  },
};

export const Required: Story = { args: { required: true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'ana@acme.test' } };

export const ReadOnly: Story = { args: { readOnly: true, defaultValue: 'ana@acme.test' } };

export const Sizes: Story = {
  render: (args) => (
    <Stack gap={4}>
      <TextField {...args} label="Small" size="sm" />
      <TextField {...args} label="Medium" size="md" />
      <TextField {...args} label="Large" size="lg" />
    </Stack>
  ),
};

export const LongContent: Story = {
  args: {
    label: 'Reference of the inbound shipment as printed on the carrier’s delivery note',
    hint: 'Usually starts with ASN- followed by ten digits; if the carrier used its own reference, enter that instead and mention it in the description.',
    error: 'This reference does not match any inbound shipment received in the last 90 days.',
  },
};

export const DarkTheme: Story = {
  parameters: { theme: 'dark' },
  args: { hint: 'We send claim updates to this address.', error: 'This field is required.' },
};
