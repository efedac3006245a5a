import type { Meta, StoryObj } from '@storybook/react-vite';
import { Textarea } from './Textarea';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/Textarea',
  component: Textarea,
  args: { label: 'Description', hint: 'What happened, when, and how you noticed.' },
  decorators: [
    (Story) => (
      <StoryFrame width={32}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithCount: Story = {
  args: { maxLength: 500, showCount: true, defaultValue: 'Two cartons arrived crushed.' },
};

export const WithError: Story = { args: { required: true, error: 'Describe what happened.' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Submitted claims cannot be edited.' },
};

export const LongContent: Story = {
  args: {
    rows: 6,
    defaultValue:
      'The inbound shipment ASN-2026-000184 arrived on 3 March with 14 of 20 pallets. The carrier signed the delivery note with the remark "6 pallets short". We attach the delivery note, the advance shipping notice and the carrier’s confirmation. '.repeat(
        3,
      ),
  },
};

export const DarkTheme: Story = { args: WithCount.args, parameters: { theme: 'dark' } };
