import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './ErrorState.stories';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  itRendersEveryStoryAccessibly(stories);

  it('titles the failure and retries', async () => {
    const onRetry = jest.fn();
    render(<ErrorState title="Claims unavailable" onRetry={onRetry} details="Request id: abc" />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Claims unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Request id: abc')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('announces itself on request', () => {
    render(<ErrorState announce headingLevel={3} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('heading', { level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
