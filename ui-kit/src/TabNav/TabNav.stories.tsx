import type { Meta, StoryObj } from '@storybook/react-vite';
import { TabNav } from './TabNav';
import { StoryFrame } from '../test-utils/StoryFrame';

const statuses = [
  ['all', 'All', '1,204'],
  ['draft', 'Draft', '12'],
  ['submitted', 'Submitted', '3'],
  ['in_review', 'In review', '0'],
  ['info_requested', 'Info requested', '2'],
  ['approved', 'Approved', '87'],
  ['paid', 'Paid', '1,000'],
] as const;

const meta = {
  title: 'Navigation/TabNav',
  component: TabNav,
  args: {
    'aria-label': 'Claim status',
    current: 'all',
    items: statuses.map(([id, label, count]) => ({
      id,
      label,
      count,
      href: id === 'all' ? '?' : `?status=${id}`,
    })),
  },
} satisfies Meta<typeof TabNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SecondCurrent: Story = { args: { current: 'draft' } };

export const WithoutCounts: Story = {
  args: {
    items: statuses.map(([id, label]) => ({ id, label, href: `?status=${id}` })),
  },
};

/** More tabs than fit: the row scrolls in its own box, never the page. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <StoryFrame width={20}>
        <Story />
      </StoryFrame>
    ),
  ],
};

export const RightToLeft: Story = { parameters: { direction: 'rtl' } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
