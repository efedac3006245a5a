import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumbs } from '../Breadcrumbs';
import { Link } from '../Link';
import { Pagination } from '../Pagination';
import { Stat } from '../Stat';
import { RouterLinkProvider, type RouterLinkProps } from './RouterLinkProvider';

function RouterLink({ href, ...rest }: RouterLinkProps) {
  // Stands in for an adapter over a router's Link: `<Link to={href} {...rest} />`.
  return <a href={href} data-router-link="" {...rest} />;
}

const meta = {
  title: 'Navigation/RouterLinkProvider',
  component: RouterLinkProvider,
  args: {
    component: RouterLink,
    children: (
      <>
        <Breadcrumbs
          items={[{ label: 'Claims', href: '/acme/claims' }, { label: 'CLM-2026-0042' }]}
        />
        <p>
          Every link below the provider navigates through the router:{' '}
          <Link href="/acme/claims">all claims</Link>.
        </p>
        <Stat label="Open claims" value="3" href="/acme/claims?status=open" />
        <Pagination hasPrevious={false} hasNext nextHref="/acme/claims?cursor=abc" />
      </>
    ),
  },
} satisfies Meta<typeof RouterLinkProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
