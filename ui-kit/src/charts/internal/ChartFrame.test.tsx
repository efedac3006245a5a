import { act, render, screen, waitFor } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode } from 'react';
import { LineChart } from '../LineChart/LineChart';
import { ChartFrame } from './ChartFrame';
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
  it('draws the plot once the chart comes into view, its frame and legend at once', async () => {
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
      // Not drawn, nor its module (Recharts) loaded, while out of view.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(container.querySelector('.recharts-surface')).toBeNull();

      await viewport.enter();
      await waitFor(() => expect(container.querySelector('.recharts-line-curve')).not.toBeNull());
    } finally {
      viewport.restore();
    }
  });

  it('fails the render when the plot cannot load, for the app to show its error', async () => {
    class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
      override state: { error?: Error } = {};
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      override render() {
        return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
      }
    }
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <Boundary>
          <ChartFrame
            title="Claims"
            series={[]}
            isEmpty={false}
            loadPlot={(): Promise<{ default: ComponentType<object> }> =>
              Promise.reject(new Error('chunk missing'))
            }
            plotProps={{}}
          />
        </Boundary>,
      );
      expect(await screen.findByText('Failed: chunk missing')).toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });
});
