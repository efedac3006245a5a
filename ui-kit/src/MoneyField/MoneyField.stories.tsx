import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MoneyField } from './MoneyField';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/MoneyField',
  component: MoneyField,
  args: {
    label: 'Amount claimed',
    currency: 'EUR',
    locale: 'en-GB',
    defaultValue: 12999,
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <StoryFrame width={16}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof MoneyField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const GermanLocale: Story = { args: { locale: 'de-DE', defaultValue: 123450 } };

export const Yen: Story = { args: { currency: 'JPY', locale: 'ja-JP', defaultValue: 15000 } };

export const Empty: Story = {
  args: { defaultValue: null, hint: 'The value of the lost units at cost.' },
};

export const WithError: Story = { args: { error: 'Exceeds the value of the units on the claim.' } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
