import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Card } from './Card';
import { Stack } from '../Stack';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: 'Claim details',
    children: 'Lost in warehouse · 12 units of TENT-2P · filed 3 March 2026',
  },
  decorators: [
    (Story) => (
      <StoryFrame width={36}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActions: Story = {
  args: {
    actions: (
      <Button variant="secondary" size="sm">
        Edit
      </Button>
    ),
  },
};

export const Untitled: Story = { args: { title: undefined } };

export const NoPadding: Story = {
  args: {
    padding: 'none',
    children: (
      <Stack as="ul" gap={1}>
        <li>TENT-2P · 12 units</li>
        <li>LAMP-USB · 3 units</li>
      </Stack>
    ),
  },
};

export const LongContent: Story = {
  args: {
    title:
      'Inbound shipment ASN-2026-000184 received short against the advance shipping notice by a considerable number of units',
    actions: (
      <>
        <Button variant="secondary" size="sm">
          Export
        </Button>
        <Button size="sm">File a claim</Button>
      </>
    ),
    children:
      'The carrier delivered 14 of 20 pallets. The receiving team counted 1,184 units against 1,440 announced; the difference of 256 units across eleven SKUs is eligible for reimbursement within 60 days of receipt.',
  },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' }, args: WithActions.args };
