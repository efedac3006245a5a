import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Pagination } from './Pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: {
    hasPrevious: true,
    hasNext: true,
    onPrevious: fn(),
    onNext: fn(),
    summary: 'Showing 26–50 of 1,204 items',
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const FirstPage: Story = {
  args: { hasPrevious: false, summary: 'Showing 1–25 of 1,204 items' },
};

export const LastPage: Story = { args: { hasNext: false } };

export const Links: Story = {
  args: {
    onPrevious: undefined,
    onNext: undefined,
    previousHref: '?cursor=abc&dir=prev',
    nextHref: '?cursor=def',
  },
};

export const Loading: Story = { args: { loading: true } };

export const RightToLeft: Story = { parameters: { direction: 'rtl' } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
