import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import * as stories from './PageHeader.stories';
import { PageHeader } from './PageHeader';

const composed = Object.entries(composeStories(stories));

describe('PageHeader', () => {
  it.each(composed)('story %s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('renders the title as the h1 with description, actions and breadcrumbs', () => {
    render(
      <PageHeader
        title="Inventory"
        description="1,204 items"
        actions={<button type="button">Export</button>}
        breadcrumbs={<nav aria-label="Breadcrumb">Home</nav>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    expect(screen.getByText('1,204 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
  });
});
