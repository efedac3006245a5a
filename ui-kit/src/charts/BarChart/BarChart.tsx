import { ChartFrame } from '../internal/ChartFrame';
import * as theme from '../internal/chartTheme';

const loadBarPlot = () => import('./BarPlot');

export interface BarChartProps extends theme.CartesianChartProps {
  /** Stacks the series instead of grouping them side by side. */
  stacked?: boolean;
  /** Horizontal bars (long category names, rankings such as top items). */
  layout?: 'vertical-bars' | 'horizontal-bars';
}

/**
 * Values per category or period as bars, grouped or stacked, themed by the tokens. Built on
 * Recharts, which loads with the first chart drawn.
 */
export function BarChart({
  data,
  xKey,
  series,
  stacked = false,
  layout = 'vertical-bars',
  height = 280,
  formatX = theme.defaultFormatX,
  formatY = theme.defaultFormatY,
  ...rest
}: BarChartProps) {
  return (
    <ChartFrame
      series={series}
      isEmpty={data.length === 0}
      height={height}
      loadPlot={loadBarPlot}
      plotProps={{
        data,
        xKey,
        series,
        stacked,
        layout,
        height,
        formatX,
        formatY,
      }}
      {...rest}
    />
  );
}
