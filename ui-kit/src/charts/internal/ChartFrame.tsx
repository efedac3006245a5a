import { useComposedRefs } from '@radix-ui/react-compose-refs';
import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ComponentType,
  type ReactNode,
  type RefCallback,
} from 'react';
import { cx } from '../../internal/cx';
import { useCssVariables } from '../../internal/useCssVariables';
import { ChartLegend } from './ChartLegend';
import type { ChartSeries } from './chartTheme';
import { PlotWidthContext } from './plotWidth';
import styles from './ChartFrame.module.css';

interface ChartFrameProps<P extends object> extends Omit<
  ComponentPropsWithRef<'div'>,
  'title' | 'children'
> {
  title: string;
  /** Height of the plot in pixels. */
  height?: number;
  series: ChartSeries[];
  /** Whether the chart has no data: `empty` is shown instead, when given. */
  isEmpty: boolean;
  empty?: ReactNode;
  /** Loads the plot, the Recharts chart (a module of its own, with Recharts), when first drawn. */
  loadPlot: () => Promise<{ default: ComponentType<P> }>;
  plotProps: P;
}

/** When a chart is drawn: once in view, or a quarter of a screen before when scrolling down. */
const DRAW_AHEAD = '0px 0px 25% 0px';

/**
 * Plots are drawn one after another, each in a task of its own. Recharts mounts a plot in one long
 * task whatever the transition (its store's updates in layout effects are synchronous), and the plots
 * that came into view together were drawn in one commit: one task as long as all of them (the
 * analytics page's 540–610 ms of total blocking time on a phone). A plot's turn comes once the one
 * before it is on screen and the browser has had a task of its own in between.
 */
let previousDrawn: Promise<void> = Promise.resolve();

function takeDrawTurn(): { ready: Promise<void>; done: () => void } {
  let done: () => void = () => undefined;
  const drawn = new Promise<void>((resolve) => {
    done = resolve;
  });
  const ready = previousDrawn;
  previousDrawn = drawn.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { ready, done };
}

/**
 * Whether the element has come near the viewport (always, where IntersectionObserver is missing).
 * The change renders as a transition, which React renders in slices.
 */
function useNearViewport<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((element: T | null) => {
    if (element === null || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}

/**
 * What every chart draws around its plot: an image named by the title, the chart's height, and the
 * HTML legend; or the empty state when there is no data. The plot is drawn once the frame comes near
 * the viewport: a chart costs far more to render than the page around it, and a screen of charts
 * drawn at once holds the browser for a long while on a phone. The plot's code, Recharts, loads
 * then too, so a screen shows its page before Recharts has arrived.
 */
export function ChartFrame<P extends object>({
  title,
  height = 280,
  series,
  isEmpty,
  empty,
  className,
  loadPlot,
  plotProps,
  ref,
  ...rest
}: ChartFrameProps<P>) {
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const composedRef = useComposedRefs(ref, nearRef);
  const plotBox = useRef<HTMLDivElement>(null);
  const plotRef = useComposedRefs(
    plotBox,
    useCssVariables<HTMLDivElement>({ '--chart-height': `${height}px` }),
  );
  const [plotWidth, setPlotWidth] = useState<number | undefined>(undefined);
  // Loaded, then drawn as a transition: a render React does in slices (a lazy component would be
  // revealed, after its module arrives, in one task).
  const [Plot, setPlot] = useState<ComponentType<P> | null>(null);
  const showsEmpty = isEmpty && Boolean(empty);
  // This plot's turn to draw, held from its request until it is on screen.
  const turnDone = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!near || Plot !== null || showsEmpty) return undefined;
    let current = true;
    const turn = takeDrawTurn();
    turnDone.current = turn.done;
    Promise.all([loadPlot(), turn.ready]).then(
      ([{ default: Loaded }]) => {
        if (!current) return;
        const width = plotBox.current?.clientWidth;
        startTransition(() => {
          if (width) setPlotWidth(width);
          setPlot(() => Loaded);
        });
      },
      (error: unknown) => {
        turn.done();
        // A module that cannot load fails the render, as a screen's own chunk would: the app's
        // error boundary shows it.
        if (current)
          setPlot(() => () => {
            throw error;
          });
      },
    );
    return () => {
      current = false;
      // Gone before its turn ended (or never drawn): the next plot need not wait for it.
      if (Plot === null) turn.done();
    };
  }, [near, Plot, loadPlot, showsEmpty]);
  // Drawn (committed, its layout effects run): the next plot's turn, after a task of the browser's.
  useEffect(() => {
    if (Plot !== null) turnDone.current?.();
  }, [Plot]);
  if (showsEmpty) return <>{empty}</>;
  return (
    <div
      ref={composedRef}
      role="img"
      aria-label={title}
      className={cx(styles.root, className)}
      {...rest}
    >
      <div ref={plotRef} className={styles.plot}>
        {Plot === null ? null : (
          <PlotWidthContext value={plotWidth}>
            <Plot {...plotProps} />
          </PlotWidthContext>
        )}
      </div>
      <ChartLegend series={series} />
    </div>
  );
}
