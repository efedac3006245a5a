import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import * as stories from './EmptyState.stories';
import { EmptyState } from './EmptyState';

const composed = Object.entries(composeStories(stories));

describe('EmptyState', () => {
  it.each(composed)('story %s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('titles the state with a heading at the requested level', () => {
    render(<EmptyState title="No items" headingLevel={3} description="Add stock first." />);
    expect(screen.getByRole('heading', { level: 3, name: 'No items' })).toBeInTheDocument();
    expect(screen.getByText('Add stock first.')).toBeInTheDocument();
  });

  it('offers its action', () => {
    const { WithAction } = composeStories(stories);
    render(<WithAction />);
    expect(screen.getByRole('heading', { level: 2, name: 'No claims yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New claim' })).toBeInTheDocument();
  });
});
