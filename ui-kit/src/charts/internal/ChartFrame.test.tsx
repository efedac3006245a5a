import { act, render, screen } from '@testing-library/react';
import { LineChart } from '../LineChart/LineChart';
import { weeklyClaims } from './sample.fixtures';

/** An IntersectionObserver the test moves: `enter()` brings every observed element into view. */
function stubIntersectionObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[] }> = [];
  class IntersectionObserverStub {
    readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      this.entry.elements = [];
    }
  }
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver =
    IntersectionObserverStub as unknown as typeof IntersectionObserver;
  return {
    enter: () =>
      act(() => {
        for (const { callback, elements } of observers) {
          const entries = elements.map(
            (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
          );
          if (entries.length > 0) callback(entries, {} as IntersectionObserver);
        }
      }),
    restore: () => {
      globalThis.IntersectionObserver = original;
    },
  };
}

describe('ChartFrame', () => {
  it('draws the plot once the chart comes near the viewport, its frame and legend at once', async () => {
    const viewport = stubIntersectionObserver();
    try {
      const { container } = render(
        <LineChart
          title="Claims per week"
          data={weeklyClaims}
          xKey="week"
          series={[
            { key: 'lost', label: 'Lost' },
            { key: 'damaged', label: 'Damaged' },
          ]}
        />,
      );
      expect(screen.getByRole('img', { name: 'Claims per week' })).toBeInTheDocument();
      expect(screen.getByText('Lost')).toBeInTheDocument();
      expect(container.querySelector('.recharts-line-curve')).toBeNull();

      await viewport.enter();
      expect(container.querySelector('.recharts-line-curve')).not.toBeNull();
    } finally {
      viewport.restore();
    }
  });
});
