import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Stat.stories';
import { Stat } from './Stat';

describe('Stat', () => {
  itRendersEveryStoryAccessibly(stories);

  it('words the change for screen readers and rates it', () => {
    render(
      <Stat
        label="Open claims"
        value="24"
        locale="en-GB"
        delta={{
          value: 0.125,
          format: 'percent',
          goodDirection: 'down',
          period: 'vs previous 30 days',
        }}
      />,
    );
    expect(screen.getByText('Up 12.5%')).toBeInTheDocument();
    expect(screen.getByText('+12.5%')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Up 12.5%').parentElement).toHaveAttribute('data-sentiment', 'bad');
    expect(screen.getByText('vs previous 30 days')).toBeInTheDocument();
  });

  it('formats absolute changes and says when nothing changed', () => {
    const { rerender } = render(
      <Stat
        label="Items"
        value="3"
        delta={{ value: -2, format: 'number', period: 'vs last week', goodDirection: 'down' }}
      />,
    );
    expect(screen.getByText('Down 2').parentElement).toHaveAttribute('data-sentiment', 'good');
    rerender(<Stat label="Items" value="3" delta={{ value: 0, period: 'vs last week' }} />);
    expect(screen.getByText('No change')).toBeInTheDocument();
  });

  it('links the card and shows skeletons while loading', () => {
    const { rerender } = render(<Stat label="Open claims" value="24" href="/claims" />);
    expect(screen.getByRole('link', { name: 'Open claims' })).toHaveAttribute('href', '/claims');
    rerender(<Stat label="Open claims" loading data-testid="stat" />);
    expect(screen.getByTestId('stat')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('24')).not.toBeInTheDocument();
  });
});
