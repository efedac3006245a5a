import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentPropsWithRef } from 'react';
import { Link } from './Link';

const meta = {
  title: 'Navigation/Link',
  component: Link,
  args: { href: '#claims', children: 'View all claims' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <p>
      3 claims need your answer. <Link {...args} />
    </p>
  ),
};

export const Subtle: Story = { args: { variant: 'subtle' } };

export const Standalone: Story = { args: { variant: 'standalone', children: 'Forgot password?' } };

export const External: Story = {
  args: { href: 'https://example.com/terms', external: true, children: 'Claim terms' },
};

function RouterLink({ to, ...rest }: { to: string } & ComponentPropsWithRef<'a'>) {
  // Stands in for a router's Link, which takes `to` instead of `href`.
  return <a href={to} {...rest} />;
}

export const AsRouterLink: Story = {
  render: () => (
    <Link as={RouterLink} to="/acme/claims/42">
      CLM-2026-0042
    </Link>
  ),
};

export const LongContent: Story = {
  render: (args) => (
    <p style={{ maxWidth: '20rem' }}>
      <Link {...args}>
        Read how reimbursements for inbound shipments received short are calculated and paid
      </Link>
    </p>
  ),
};

export const DarkTheme: Story = { ...Default, parameters: { theme: 'dark' } };
