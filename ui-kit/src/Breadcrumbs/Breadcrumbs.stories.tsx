import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumbs } from './Breadcrumbs';

const meta = {
  title: 'Navigation/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    items: [{ label: 'Claims', href: '#claims' }, { label: 'CLM-2026-0042' }],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Deep: Story = {
  args: {
    items: [
      { label: 'Inventory', href: '#inventory' },
      { label: 'Camping', href: '#camping' },
      { label: 'TENT-2P' },
    ],
  },
};

export const LongContent: Story = {
  args: {
    items: [
      { label: 'Inventory', href: '#inventory' },
      { label: 'Two-person ultralight trekking tent with aluminium poles, forest green' },
    ],
  },
};

export const RightToLeft: Story = { args: Deep.args, parameters: { direction: 'rtl' } };

export const DarkTheme: Story = { args: Deep.args, parameters: { theme: 'dark' } };
