import type { ComponentPropsWithRef, ReactNode } from 'react';
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

/**
 * What every chart draws around its plot: an image named by the title, a responsive container of
 * the chart's height, and the HTML legend; or the empty state when there is no data.
 */
export function ChartFrame({
  title,
  height = 280,
  series,
  isEmpty,
  empty,
  className,
  children,
  ...rest
}: ChartFrameProps) {
  if (isEmpty && empty) return <>{empty}</>;
  return (
    <div role="img" aria-label={title} className={cx(styles.root, className)} {...rest}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        {children}
      </ResponsiveContainer>
      <ChartLegend series={series} />
    </div>
  );
}
