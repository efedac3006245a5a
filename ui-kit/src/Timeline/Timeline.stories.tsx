import type { Meta, StoryObj } from '@storybook/react-vite';
import { DateTime } from '../DateTime';
import { Timeline } from './Timeline';

const at = (iso: string) => (
  <DateTime value={iso} format="datetime" locale="en-GB" timeZone="Europe/Amsterdam" />
);

const meta = {
  title: 'Data display/Timeline',
  component: Timeline,
  args: {
    'aria-label': 'Claim history',
    items: [
      { id: '1', title: 'Draft created', actor: 'Ana Lima', timestamp: at('2026-03-01T09:12:00Z') },
      {
        id: '2',
        title: 'Submitted',
        actor: 'Ana Lima',
        timestamp: at('2026-03-01T09:40:00Z'),
        tone: 'accent',
      },
      {
        id: '3',
        title: 'Review started',
        actor: 'Claims team',
        timestamp: at('2026-03-02T08:05:00Z'),
        tone: 'purple',
      },
      {
        id: '4',
        title: 'Information requested',
        actor: 'Claims team',
        timestamp: at('2026-03-02T08:30:00Z'),
        tone: 'warning',
        variant: 'comment',
        body: 'Please add photos of the damaged cartons.',
      },
      {
        id: '5',
        title: 'Approved',
        actor: 'Claims team',
        timestamp: at('2026-03-05T14:00:00Z'),
        tone: 'success',
      },
    ],
  },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = { args: { items: [] } };

export const LongContent: Story = {
  args: {
    items: [
      {
        id: '1',
        title: 'Comment',
        actor: 'Ana Lima',
        timestamp: at('2026-03-03T10:00:00Z'),
        variant: 'comment',
        body: 'We attached the delivery note, the advance shipping notice and photos of all twelve damaged cartons.\nThe carrier confirmed the damage by email on 3 March; the confirmation is attached as well.',
      },
    ],
  },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
