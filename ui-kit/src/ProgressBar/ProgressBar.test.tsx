import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './ProgressBar.stories';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  itRendersEveryStoryAccessibly(stories);

  it('exposes its value to assistive technology', () => {
    render(<ProgressBar label="Filing window" value={45} max={60} valueText="15 days left" />);
    const bar = screen.getByRole('progressbar', { name: 'Filing window' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuemax', '60');
    expect(bar).toHaveAttribute('aria-valuetext', '15 days left');
  });

  it('sizes its indicator from a CSS variable, updated as the value changes', () => {
    const { rerender } = render(<ProgressBar label="Upload" value={40} />);
    const indicator = screen.getByRole('progressbar').firstElementChild as HTMLElement;
    expect(indicator.style.getPropertyValue('--progress-percent')).toBe('40%');
    expect(indicator.style.getPropertyValue('width')).toBe('');
    rerender(<ProgressBar label="Upload" value={75} />);
    expect(indicator.style.getPropertyValue('--progress-percent')).toBe('75%');
    rerender(<ProgressBar label="Upload" />);
    expect(indicator.style.getPropertyValue('--progress-percent')).toBe('');
  });

  it('clamps out-of-range values and defaults to a percentage', () => {
    render(<ProgressBar label="Upload" value={140} />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '100%');
  });

  it('is indeterminate without a value', () => {
    render(<ProgressBar label="Exporting" hideLabel />);
    const bar = screen.getByRole('progressbar', { name: 'Exporting' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
  });
});
