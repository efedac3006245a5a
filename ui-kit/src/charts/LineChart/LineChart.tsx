import { ChartFrame } from '../internal/ChartFrame';
import * as theme from '../internal/chartTheme';

const loadLinePlot = () => import('./LinePlot');

export interface LineChartProps extends theme.CartesianChartProps {
  /** Fills the area under each line (stacked when `stacked`). */
  area?: boolean;
  /** Stacks areas on top of each other. */
  stacked?: boolean;
}

/**
 * A time series as lines or areas, themed by the tokens (light and dark). Built on Recharts, which
 * loads with the first chart drawn.
 */
export function LineChart({
  data,
  xKey,
  series,
  area = false,
  stacked = false,
  height = 280,
  formatX = theme.defaultFormatX,
  formatY = theme.defaultFormatY,
  ...rest
}: LineChartProps) {
  return (
    <ChartFrame
      series={series}
      isEmpty={data.length === 0}
      height={height}
      loadPlot={loadLinePlot}
      plotProps={{
        data,
        xKey,
        series,
        area,
        stacked,
        height,
        formatX,
        formatY,
      }}
      {...rest}
    />
  );
}
