import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Stack.stories';
import { Inline, Stack } from './Stack';

describe('Stack and Inline', () => {
  itRendersEveryStoryAccessibly(stories);

  it('renders the requested element with gap and alignment', () => {
    render(
      <Stack as="ul" gap={2} align="center" aria-label="Warehouses">
        <li>Rotterdam</li>
      </Stack>,
    );
    const list = screen.getByRole('list', { name: 'Warehouses' });
    expect(list).toHaveAttribute('data-gap', '2');
    expect(list).toHaveAttribute('data-align', 'center');
  });

  it('wraps inline content unless told not to', () => {
    render(<Inline data-testid="row" wrap={false} justify="between" />);
    expect(screen.getByTestId('row')).toHaveAttribute('data-wrap', 'false');
    expect(screen.getByTestId('row')).toHaveAttribute('data-justify', 'between');
  });
});
