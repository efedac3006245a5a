import type { Meta, StoryObj } from '@storybook/react-vite';
import { Money } from '../Money';
import { Stat } from './Stat';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Data display/Stat',
  component: Stat,
  args: {
    label: 'Open claims',
    value: '24',
    delta: {
      value: 0.125,
      format: 'percent',
      goodDirection: 'down',
      period: 'vs previous 30 days',
    },
    locale: 'en-GB',
  },
  decorators: [
    (Story) => (
      <StoryFrame width={18}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof Stat>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const GoodNews: Story = {
  args: {
    label: 'Approved, last 30 days',
    value: <Money amount={1234500} currency="EUR" locale="en-GB" />,
    delta: { value: 0.08, format: 'percent', goodDirection: 'up', period: 'vs previous 30 days' },
  },
};

export const AbsoluteDelta: Story = {
  args: {
    label: 'Out-of-stock items',
    value: '3',
    delta: { value: -2, format: 'number', goodDirection: 'down', period: 'vs last week' },
    help: '12 low on stock',
  },
};

export const NoChange: Story = {
  args: { delta: { value: 0, format: 'percent', period: 'vs previous 30 days' } },
};

export const Linked: Story = { args: { href: '#claims' } };

export const Loading: Story = { args: { loading: true } };

export const LongContent: Story = {
  args: {
    label: 'Losses and damages not yet claimed, across all warehouses',
    value: <Money amount={987654321} currency="EUR" locale="en-GB" />,
    help: 'Oldest filing window closes in 2 days',
  },
};

export const DarkTheme: Story = { args: GoodNews.args, parameters: { theme: 'dark' } };
