import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppShell } from '../AppShell';
import { Breadcrumbs } from '../Breadcrumbs';
import { Link } from '../Link';
import { Pagination } from '../Pagination';
import { PartnerSwitcher } from '../PartnerSwitcher';
import { Stat } from '../Stat';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './RouterLinkProvider.stories';
import { RouterLinkProvider, type RouterLinkProps } from './RouterLinkProvider';

function RouterLink({ href, ...rest }: RouterLinkProps) {
  return <a href={href} data-router-link="" {...rest} />;
}

describe('RouterLinkProvider', () => {
  itRendersEveryStoryAccessibly(stories);

  it('renders every link of the kit through the app link component', async () => {
    render(
      <RouterLinkProvider component={RouterLink}>
        <AppShell
          brand="Portal"
          navigation={[{ label: 'Claims', href: '/acme/claims', current: true }]}
          headerEnd={
            <PartnerSwitcher
              partners={[
                { slug: 'acme', name: 'Acme' },
                { slug: 'globex', name: 'Globex' },
              ]}
              currentSlug="acme"
              getHref={(slug) => `/${slug}/overview`}
            />
          }
        >
          <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Claims' }]} />
          <Link href="/acme/claims/42">CLM-42</Link>
          <Stat label="Open claims" value="3" href="/acme/claims?status=open" />
          <Pagination hasPrevious={false} hasNext nextHref="/acme/claims?cursor=abc" />
        </AppShell>
      </RouterLinkProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Partner/ }));
    const links = screen
      .getAllByRole('link')
      .filter((link) => !link.getAttribute('href')?.startsWith('#'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining([
        '/acme/claims',
        '/',
        '/acme/claims/42',
        '/acme/claims?status=open',
        '/acme/claims?cursor=abc',
      ]),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([
      '/acme/overview',
      '/globex/overview',
    ]);
    for (const link of [...links, ...screen.getAllByRole('menuitem')]) {
      expect(link).toHaveAttribute('data-router-link');
    }
  });

  it('leaves plain anchors without a provider', () => {
    render(<Link href="/acme/claims">Claims</Link>);
    expect(screen.getByRole('link', { name: 'Claims' })).not.toHaveAttribute('data-router-link');
  });
});
