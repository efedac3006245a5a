import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import * as stories from './TabNav.stories';
import { TabNav } from './TabNav';

const items = [
  { id: 'all', label: 'All', href: '/claims', count: '1,204' },
  { id: 'draft', label: 'Draft', href: '/claims?status=draft', count: '12' },
  { id: 'paid', label: 'Paid', href: '/claims?status=paid' },
];

describe('TabNav', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a navigation of links, the current one marked, counts read in their names', async () => {
    render(<TabNav aria-label="Claim status" items={items} current="draft" />);
    const nav = screen.getByRole('navigation', { name: 'Claim status' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/claims',
      '/claims?status=draft',
      '/claims?status=paid',
    ]);
    expect(within(nav).getByRole('link', { name: 'Draft 12' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'All 1,204' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(nav).getByRole('link', { name: 'Paid' })).toBeInTheDocument();
    await userEvent.tab();
    expect(within(nav).getByRole('link', { name: 'All 1,204' })).toHaveFocus();
  });

  it("navigates through the app's router link", () => {
    function RouterLink({ href, ...rest }: RouterLinkProps) {
      return <a href={href} data-router="" {...rest} />;
    }
    render(
      <RouterLinkProvider component={RouterLink}>
        <TabNav aria-label="Claim status" items={items} current="all" />
      </RouterLinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Draft 12' })).toHaveAttribute('data-router');
  });
});
