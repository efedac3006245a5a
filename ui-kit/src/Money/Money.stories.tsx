import type { Meta, StoryObj } from '@storybook/react-vite';
import { Money } from './Money';

const meta = {
  title: 'Data display/Money',
  component: Money,
  args: { amount: 123456, currency: 'EUR', locale: 'en-GB' },
} satisfies Meta<typeof Money>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Locales: Story = {
  render: () => (
    <ul>
      <li>
        <Money amount={123456} currency="EUR" locale="de-DE" />
      </li>
      <li>
        <Money amount={123456} currency="USD" locale="en-US" />
      </li>
      <li>
        <Money amount={123456} currency="JPY" locale="ja-JP" />
      </li>
      <li>
        <Money amount={1234567} currency="EUR" locale="fr-FR" compact />
      </li>
    </ul>
  ),
};

export const SignedDelta: Story = {
  render: () => (
    <p>
      <Money amount={25000} currency="EUR" locale="en-GB" signDisplay="exceptZero" tone="signed" />{' '}
      ·{' '}
      <Money amount={-4200} currency="EUR" locale="en-GB" signDisplay="exceptZero" tone="signed" />
    </p>
  ),
};

export const DarkTheme: Story = { ...SignedDelta, parameters: { theme: 'dark' } };
