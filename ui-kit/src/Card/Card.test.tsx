import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import * as stories from './Card.stories';
import { Card } from './Card';

const composed = Object.entries(composeStories(stories));

describe('Card', () => {
  it.each(composed)('story %s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is a region named by its heading when titled', () => {
    render(
      <Card title="Quantities" headingLevel={3}>
        On hand 12
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Quantities' });
    expect(region.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 3, name: 'Quantities' })).toBeInTheDocument();
    expect(region).toHaveTextContent('On hand 12');
  });

  it('defaults to a level-2 heading', () => {
    render(<Card title="Quantities">x</Card>);
    expect(screen.getByRole('heading', { level: 2, name: 'Quantities' })).toBeInTheDocument();
  });

  it('is a plain container without a title', () => {
    render(
      <Card data-testid="card" className="extra">
        Body
      </Card>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByTestId('card')).toHaveClass('extra');
  });
});
