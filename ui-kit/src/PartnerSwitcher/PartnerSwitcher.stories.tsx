import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PartnerSwitcher } from './PartnerSwitcher';

const partners = [
  { slug: 'acme-outdoor', name: 'Acme Outdoor', role: 'Manager' },
  { slug: 'nordic-gear', name: 'Nordic Gear', role: 'Viewer' },
  { slug: 'trail-supply', name: 'Trail Supply Co.', role: 'Admin' },
];

const meta = {
  title: 'Navigation/PartnerSwitcher',
  component: PartnerSwitcher,
  args: { partners, currentSlug: 'acme-outdoor', onSelect: fn() },
} satisfies Meta<typeof PartnerSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true, align: 'start' } };

export const Links: Story = {
  args: {
    onSelect: undefined,
    getHref: (slug: string) => `#/${slug}/overview`,
    defaultOpen: true,
    align: 'start',
  },
};

export const SinglePartner: Story = { args: { partners: partners.slice(0, 1) } };

export const LongContent: Story = {
  args: {
    partners: [
      { slug: 'long', name: 'Acme Outdoor Equipment & Apparel International B.V.' },
      ...partners,
    ],
    currentSlug: 'long',
  },
};

export const DarkTheme: Story = { args: Open.args, parameters: { theme: 'dark' } };
