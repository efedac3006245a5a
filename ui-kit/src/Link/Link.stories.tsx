import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import { StoryFrame } from '../test-utils/StoryFrame';
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

/** A file to save, such as a claim's evidence: a plain `<a download>`, never a route of the app. */
export const Download: Story = {
  args: {
    href: '/api/partners/acme-outdoor/claims/42/attachments/7',
    download: 'damaged-carton.jpg',
    children: 'damaged-carton.jpg',
  },
};

function RouterLink({ href, ...rest }: RouterLinkProps) {
  // Stands in for an adapter over a router's Link, which takes `to` instead of `href`.
  return <a href={href} data-router-link="" {...rest} />;
}

/** Under a RouterLinkProvider (set once by the app), links navigate through the router. */
export const WithRouterLink: Story = {
  args: { href: '/acme/claims/42', children: 'CLM-2026-0042' },
  decorators: [
    (Story) => (
      <RouterLinkProvider component={RouterLink}>
        <Story />
      </RouterLinkProvider>
    ),
  ],
};

export const LongContent: Story = {
  render: (args) => (
    <StoryFrame width={20}>
      <Link {...args}>
        Read how reimbursements for inbound shipments received short are calculated and paid
      </Link>
    </StoryFrame>
  ),
};

export const DarkTheme: Story = { ...Default, parameters: { theme: 'dark' } };
