import { useComposedRefs } from '@radix-ui/react-compose-refs';
import {
  startTransition,
  useCallback,
  useState,
  type ComponentPropsWithRef,
  type ReactNode,
  type RefCallback,
} from 'react';
import { ResponsiveContainer } from 'recharts';
import { cx } from '../../internal/cx';
import { ChartLegend } from './ChartLegend';
import type { ChartSeries } from './chartTheme';
import styles from './ChartFrame.module.css';

interface ChartFrameProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  title: string;
  /** Height of the plot in pixels. */
  height?: number;
  series: ChartSeries[];
  /** Whether the chart has no data: `empty` is shown instead, when given. */
  isEmpty: boolean;
  empty?: ReactNode;
  /** The Recharts chart. */
  children: ReactNode;
}

/** How far from the viewport a chart is drawn: a screen's height ahead, so scrolling finds it drawn. */
const DRAW_AHEAD = '100% 0px';

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
 * What every chart draws around its plot: an image named by the title, a responsive container of
 * the chart's height, and the HTML legend; or the empty state when there is no data. The plot is
 * drawn once the frame comes near the viewport: a chart costs far more to render than the page
 * around it, and a screen of charts drawn at once holds the browser for a long while on a phone.
 */
export function ChartFrame({
  title,
  height = 280,
  series,
  isEmpty,
  empty,
  className,
  children,
  ref,
  ...rest
}: ChartFrameProps) {
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const composedRef = useComposedRefs(ref, nearRef);
  if (isEmpty && empty) return <>{empty}</>;
  return (
    <div
      ref={composedRef}
      role="img"
      aria-label={title}
      className={cx(styles.root, className)}
      {...rest}
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        {near ? children : <div />}
      </ResponsiveContainer>
      <ChartLegend series={series} />
    </div>
  );
}
