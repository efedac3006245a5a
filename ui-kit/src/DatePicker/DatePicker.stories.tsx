import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DatePicker } from './DatePicker';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/DatePicker',
  component: DatePicker,
  args: {
    label: 'Date of the loss',
    defaultValue: '2026-03-03',
    max: '2026-03-20',
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <StoryFrame width={14}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = { args: { defaultValue: undefined, hint: 'Within the last 60 days.' } };

export const WithError: Story = {
  args: { required: true, error: 'The filing window for this date has closed.' },
};

export const Disabled: Story = { args: { disabled: true } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
