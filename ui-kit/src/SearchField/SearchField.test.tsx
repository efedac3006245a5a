import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './SearchField.stories';
import { SearchField } from './SearchField';

describe('SearchField', () => {
  itRendersEveryStoryAccessibly(stories);

  it('debounces onSearch while typing', async () => {
    jest.useFakeTimers();
    try {
      const onSearch = jest.fn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<SearchField label="Search claims" onSearch={onSearch} debounceMs={300} />);
      await user.type(screen.getByRole('searchbox', { name: 'Search claims' }), 'tent');
      expect(onSearch).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(300));
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(onSearch).toHaveBeenCalledWith('tent');
    } finally {
      jest.useRealTimers();
    }
  });

  it('clears with the clear button and with Escape, searching at once', async () => {
    const onSearch = jest.fn();
    render(<SearchField label="Search claims" defaultValue="lamp" onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search claims' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(onSearch).toHaveBeenLastCalledWith('');
    await userEvent.type(input, 'x');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('searches immediately on Enter', async () => {
    const onSearch = jest.fn();
    render(<SearchField label="Search" onSearch={onSearch} debounceMs={10_000} />);
    await userEvent.type(screen.getByRole('searchbox'), 'abc{Enter}');
    expect(onSearch).toHaveBeenCalledWith('abc');
  });
});
