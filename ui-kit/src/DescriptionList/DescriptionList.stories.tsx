import type { Meta, StoryObj } from '@storybook/react-vite';
import { Money } from '../Money';
import { StatusPill } from '../StatusPill';
import { DescriptionList } from './DescriptionList';

const items = [
  { term: 'Status', description: <StatusPill status="info_requested" /> },
  { term: 'Type', description: 'Damaged in warehouse' },
  { term: 'Item', description: 'TENT-2P · Two-person tent' },
  { term: 'Quantity', description: '12 units' },
  { term: 'Amount claimed', description: <Money amount={155988} currency="EUR" locale="en-GB" /> },
  { term: 'Reference', description: 'MOV-2026-118734' },
];

const meta = {
  title: 'Data display/DescriptionList',
  component: DescriptionList,
  args: { items },
} satisfies Meta<typeof DescriptionList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {};

export const Stacked: Story = { args: { layout: 'stacked' } };

export const Grid: Story = { args: { layout: 'grid' } };

export const LongContent: Story = {
  args: {
    items: [
      ...items,
      {
        term: 'Description provided by the partner when filing the claim',
        description:
          'Two cartons arrived crushed on the bottom layer of pallet 3; the receiving team photographed them before opening. The carrier acknowledged the damage on the delivery note.',
      },
    ],
  },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
