import {
  Area,
  AreaChart,
  CartesianGrid,
  Line,
  LineChart as RechartsLineChart,
  XAxis,
  YAxis,
} from 'recharts';
import { useContext } from 'react';
import { chartTooltip } from '../internal/ChartTooltip';
import { PlotContainer } from '../internal/PlotContainer';
import * as theme from '../internal/chartTheme';
import { PlotWidthContext } from '../internal/plotWidth';

const MIN_TICK_GAP = 16;

export interface LinePlotProps extends Pick<theme.CartesianChartProps, 'data' | 'xKey' | 'series'> {
  area: boolean;
  stacked: boolean;
  height: number;
  formatX: (value: string | number) => string;
  formatY: (value: number) => string;
}

/** LineChart's plot, with Recharts: a module of its own, loaded when the first chart is drawn. */
export default function LinePlot({
  data,
  xKey,
  series,
  area,
  stacked,
  height,
  formatX,
  formatY,
}: LinePlotProps) {
  const Chart = area ? AreaChart : RechartsLineChart;
  const axes = theme.cartesianAxes(
    { data, xKey, formatX, formatY },
    useContext(PlotWidthContext),
    MIN_TICK_GAP,
  );
  return (
    <PlotContainer height={height}>
      <Chart data={data} margin={theme.plotMargin} accessibilityLayer={false}>
        <CartesianGrid
          stroke={theme.gridStroke}
          vertical={false}
          verticalCoordinatesGenerator={theme.noGridLines}
        />
        <XAxis {...axes.x} />
        <YAxis {...axes.y} />
        {chartTooltip({ series, formatX, formatY })}
        {series.map((item, index) =>
          area ? (
            <Area
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.label}
              stroke={theme.seriesColor(item, index)}
              fill={theme.seriesColor(item, index)}
              fillOpacity={0.15}
              strokeWidth={2}
              stackId={stacked ? 'stack' : undefined}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.label}
              stroke={theme.seriesColor(item, index)}
              strokeWidth={2}
              dot={data.length <= 12}
              isAnimationActive={false}
            />
          ),
        )}
      </Chart>
    </PlotContainer>
  );
}
