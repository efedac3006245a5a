import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Skeleton.stories';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is hidden from assistive technology and sized by its props', () => {
    render(<Skeleton data-testid="s" width={120} height="2rem" />);
    const skeleton = screen.getByTestId('s');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton.style.getPropertyValue('--skeleton-width')).toBe('120px');
    expect(skeleton.style.getPropertyValue('--skeleton-height')).toBe('2rem');
  });

  it('renders the requested number of lines', () => {
    render(<Skeleton data-testid="s" lines={4} />);
    expect(screen.getByTestId('s').children).toHaveLength(4);
  });

  it("sizes every line and still hands the root to the caller's ref", () => {
    const ref = { current: null as HTMLSpanElement | null };
    render(<Skeleton ref={ref} data-testid="s" lines={2} width="60%" />);
    const root = screen.getByTestId('s');
    expect(ref.current).toBe(root);
    for (const line of root.children) {
      expect((line as HTMLElement).style.getPropertyValue('--skeleton-width')).toBe('60%');
    }
  });
});
