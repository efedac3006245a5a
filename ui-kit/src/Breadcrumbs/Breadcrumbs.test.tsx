import { render, screen, within } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Breadcrumbs.stories';
import { Breadcrumbs } from './Breadcrumbs';

describe('Breadcrumbs', () => {
  itRendersEveryStoryAccessibly(stories);

  it('links every step but the current page', () => {
    render(
      <Breadcrumbs
        items={[{ label: 'Inventory', href: '/acme/inventory' }, { label: 'TENT-2P' }]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Inventory' })).toHaveAttribute(
      'href',
      '/acme/inventory',
    );
    expect(within(nav).queryByRole('link', { name: 'TENT-2P' })).not.toBeInTheDocument();
    expect(within(nav).getByText('TENT-2P')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('listitem')).toHaveLength(2);
  });
});
