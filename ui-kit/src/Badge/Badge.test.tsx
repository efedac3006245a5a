import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Badge.stories';
import { Badge } from './Badge';

describe('Badge', () => {
  itRendersEveryStoryAccessibly(stories);

  it('renders its text with tone and variant attributes', () => {
    render(
      <Badge tone="danger" variant="solid" data-testid="badge">
        Out of stock
      </Badge>,
    );
    const badge = screen.getByTestId('badge');
    expect(badge).toHaveTextContent('Out of stock');
    expect(badge).toHaveAttribute('data-tone', 'danger');
    expect(badge).toHaveAttribute('data-variant', 'solid');
  });
});
