import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Card } from '../Card';
import { PageHeader } from '../PageHeader';
import { PartnerSwitcher } from '../PartnerSwitcher';
import { Inline } from '../Stack';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import { AppShell } from './AppShell';

const icon = (d: string) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
  >
    <path d={d} />
  </svg>
);

const navigation = [
  {
    label: 'Overview',
    href: '#overview',
    current: true,
    icon: icon('M2 2h5v5H2zM9 2h5v5H9zM2 9h5v5H2zM9 9h5v5H9z'),
  },
  { label: 'Analytics', href: '#analytics', icon: icon('M2 14V8M6 14V4M10 14V9M14 14V2') },
  {
    label: 'Inventory',
    href: '#inventory',
    icon: icon('M2 5l6-3 6 3v6l-6 3-6-3zM2 5l6 3 6-3M8 8v6'),
  },
  { label: 'Claims', href: '#claims', icon: icon('M4 2h6l3 3v9H4zM10 2v3h3') },
];

const page = (
  <>
    <PageHeader
      title="Overview"
      description="Acme Outdoor · last 30 days"
      actions={<Button variant="secondary">Export</Button>}
    />
    <Card title="Needs attention">3 claims wait for your answer.</Card>
  </>
);

const meta = {
  title: 'Layout/AppShell',
  component: AppShell,
  parameters: { bleed: true },
  args: {
    brand: <span>Partner portal</span>,
    navigation,
    headerEnd: (
      <Button variant="ghost" size="sm">
        Ana Lima
      </Button>
    ),
    children: page,
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/**
 * A 375 px phone with the portal's header controls and a long partner name: the product name and
 * then the partner name shrink to an ellipsis; nothing wraps or overlaps in the top bar.
 */
export const Phone375: Story = {
  args: {
    brand: 'Partner Portal',
    // The portal wraps its header controls in a flex container of its own, as here.
    headerEnd: (
      <Inline gap={3} wrap={false}>
        <PartnerSwitcher
          partners={[
            { slug: 'acme-outdoor', name: 'Acme Outdoor Equipment & Apparel' },
            { slug: 'northwind', name: 'Northwind Traders' },
          ]}
          currentSlug="acme-outdoor"
          onSelect={() => undefined}
          modal={false}
        />
        <Button variant="ghost" size="sm" aria-label="Account: Ana Lima">
          Ana Lima
        </Button>
      </Inline>
    ),
  },
  parameters: {
    viewport: {
      options: {
        phone375: {
          name: 'Phone, 375 px',
          styles: { width: '375px', height: '667px' },
          type: 'mobile',
        },
      },
    },
  },
  globals: { viewport: { value: 'phone375', isRotated: false } },
};

function RouterLikeLink({ href, ...rest }: RouterLinkProps) {
  // Stands in for an adapter over a router's Link component.
  return <a href={href} data-router-link="" {...rest} />;
}

/** The navigation renders through the app's router link, plugged in once with RouterLinkProvider. */
export const WithRouterLink: Story = {
  decorators: [
    (Story) => (
      <RouterLinkProvider component={RouterLikeLink}>
        <Story />
      </RouterLinkProvider>
    ),
  ],
};

export const LongContent: Story = {
  args: {
    brand: <span>Acme Outdoor Equipment & Apparel International — Partner portal</span>,
    navigation: [
      ...navigation,
      { label: 'Inbound shipments and receiving discrepancies', href: '#inbound' },
      { label: 'Settings', href: '#settings' },
    ],
    children: (
      <>
        {page}
        {Array.from({ length: 12 }, (_, index) => (
          <p key={index}>
            Movement {index + 1}: 24 units of TENT-2P received in Rotterdam and put away in aisle
            {` ${index + 3}`}.
          </p>
        ))}
      </>
    ),
  },
};

export const RightToLeft: Story = { parameters: { direction: 'rtl' } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
