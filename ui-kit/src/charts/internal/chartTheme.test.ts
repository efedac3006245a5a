import { categoryInterval, plotMargin } from './chartTheme';

const weeks = Array.from({ length: 13 }, (_, index) => ({ bucket: `2026-W${10 + index}` }));
const label = (value: string | number) => String(value);

describe('categoryInterval', () => {
  it('shows every label when all fit the plot', () => {
    expect(categoryInterval(weeks, 'bucket', label, 1200, 64, 8)).toBe(0);
  });

  it('skips labels on a narrow plot, so the shown ones fit with the gap between them', () => {
    const plotWidth = 343;
    const interval = categoryInterval(weeks, 'bucket', label, plotWidth, 64, 8);
    expect(interval).toBeGreaterThan(0);
    const shown = Math.ceil(weeks.length / (Number(interval) + 1));
    const axis = plotWidth - 64 - plotMargin.left - plotMargin.right;
    // Each shown label ('2026-W10', 8 characters) with its gap fits in its share of the axis.
    expect(shown * (8 * 7 + 8)).toBeLessThanOrEqual(axis);
  });

  it("leaves the choice to Recharts when the plot's width is unknown", () => {
    expect(categoryInterval(weeks, 'bucket', label, undefined, 64, 8)).toBe('preserveEnd');
  });
});
