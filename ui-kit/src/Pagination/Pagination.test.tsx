import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Pagination.stories';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  itRendersEveryStoryAccessibly(stories);

  it('calls back for the next page and disables the missing direction', async () => {
    const onNext = jest.fn();
    render(
      <Pagination
        hasPrevious={false}
        hasNext
        onNext={onNext}
        onPrevious={jest.fn()}
        summary="Page 1"
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(within(nav).getByText('Page 1')).toBeInTheDocument();
  });

  it('renders links with rel when hrefs are given', () => {
    render(<Pagination hasPrevious hasNext previousHref="?c=1" nextHref="?c=2" />);
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('rel', 'next');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '?c=1');
  });
});
