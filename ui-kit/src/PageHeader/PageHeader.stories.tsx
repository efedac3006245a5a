import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: { title: 'Claims', description: '24 open · 3 need your action' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActions: Story = {
  args: {
    actions: (
      <>
        <Button variant="secondary">Export CSV</Button>
        <Button>New claim</Button>
      </>
    ),
  },
};

export const WithBreadcrumbs: Story = {
  args: {
    title: 'CLM-2026-0042',
    description: 'Lost in warehouse · submitted 3 March 2026',
    breadcrumbs: (
      <nav aria-label="Breadcrumb">
        <a href="#claims">Claims</a> / <span aria-current="page">CLM-2026-0042</span>
      </nav>
    ),
  },
};

export const TitleOnly: Story = { args: { description: undefined } };

export const LongContent: Story = {
  args: {
    title: 'Two-person ultralight trekking tent with aluminium poles, forest green (TENT-2P-GRN)',
    description:
      'Stored in Rotterdam, Leipzig and Milan · 1,204 on hand · reorder point 300 · last movement 2 hours ago',
    actions: WithActions.args?.actions,
  },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' }, args: WithActions.args };
