import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Alert.stories';
import { Alert, Banner } from './Alert';

describe('Alert', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is silent by default and announced on request, assertively only for danger', () => {
    const { rerender } = render(<Alert title="Saved" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<Alert title="Saved" tone="success" announce />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    rerender(<Alert title="Failed" tone="danger" announce />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
  });

  it('can be dismissed', async () => {
    const onDismiss = jest.fn();
    render(<Alert title="Heads up" onDismiss={onDismiss} dismissLabel="Dismiss message" />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('exposes tone and layout as data attributes', () => {
    render(<Banner tone="warning" data-testid="b" title="Suspended" />);
    const banner = screen.getByTestId('b');
    expect(banner).toHaveAttribute('data-tone', 'warning');
    expect(banner).toHaveAttribute('data-layout', 'banner');
  });
});
