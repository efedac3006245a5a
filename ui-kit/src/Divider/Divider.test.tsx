import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Divider.stories';
import { Divider } from './Divider';

describe('Divider', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a separator with its orientation, or hidden when decorative', () => {
    render(
      <>
        <Divider />
        <Divider orientation="vertical" />
        <Divider decorative />
      </>,
    );
    const separators = screen.getAllByRole('separator');
    expect(separators).toHaveLength(2);
    expect(separators[1]).toHaveAttribute('aria-orientation', 'vertical');
  });
});
