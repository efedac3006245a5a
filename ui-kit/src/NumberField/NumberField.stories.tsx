import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NumberField } from './NumberField';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/NumberField',
  component: NumberField,
  args: { label: 'Quantity', min: 1, max: 10_000, defaultValue: 12, onValueChange: fn() },
  decorators: [
    (Story) => (
      <StoryFrame width={16}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithSteppers: Story = {
  args: { showSteppers: true, label: 'Reorder point', defaultValue: 300, step: 10 },
};

export const Decimal: Story = {
  args: { label: 'Weight', prefix: 'kg', locale: 'de-DE', step: 0.1, defaultValue: 2.5, min: 0 },
};

export const Empty: Story = { args: { defaultValue: null, hint: 'Whole units.' } };

export const WithError: Story = {
  args: { error: 'More than the 8 units on hand.', defaultValue: 12 },
};

/** Edited in place, beside the term that names it: the label is hidden but still names the field. */
export const HiddenLabel: Story = {
  args: { label: 'Reorder point', hideLabel: true, min: 0, defaultValue: 40 },
};

export const Disabled: Story = { args: { disabled: true, showSteppers: true } };

export const DarkTheme: Story = { args: { showSteppers: true }, parameters: { theme: 'dark' } };
