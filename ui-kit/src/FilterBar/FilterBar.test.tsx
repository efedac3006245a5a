import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './FilterBar.stories';
import { FilterBar } from './FilterBar';

describe('FilterBar', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a named search landmark that offers a reset only when filters are active', async () => {
    const onClear = jest.fn();
    const { rerender } = render(
      <FilterBar label="Filter inventory" onClear={onClear}>
        <input aria-label="Search" />
      </FilterBar>,
    );
    expect(screen.getByRole('search', { name: 'Filter inventory' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(
      <FilterBar label="Filter inventory" onClear={onClear} activeCount={3}>
        <input aria-label="Search" />
      </FilterBar>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters (3)' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
