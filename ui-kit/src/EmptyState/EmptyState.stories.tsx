import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { SearchIcon } from '../internal/icons';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    title: 'No claims yet',
    description: 'File a claim when stock was lost or damaged in our network, or received short.',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithAction: Story = { args: { action: <Button>New claim</Button> } };

export const NoResults: Story = {
  args: {
    title: 'No items match these filters',
    description: 'Try another search term or clear the filters.',
    icon: <SearchIcon />,
    action: <Button variant="secondary">Clear filters</Button>,
    headingLevel: 3,
  },
};

export const TitleOnly: Story = { args: { description: undefined } };

export const LongContent: Story = {
  args: {
    title: 'Nothing needs your attention in acme-outdoor right now, across claims and inventory',
    description:
      'When a claim needs more information from you, a draft is waiting to be submitted, or a loss or damage has not been claimed yet, it will appear here with the number of days left in its filing window.',
    action: <Button>Go to claims</Button>,
  },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' }, args: NoResults.args };
