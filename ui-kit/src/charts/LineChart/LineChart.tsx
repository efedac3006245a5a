import {
  Area,
  AreaChart,
  CartesianGrid,
  Line,
  LineChart as RechartsLineChart,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../internal/ChartFrame';
import { chartTooltip } from '../internal/ChartTooltip';
import * as theme from '../internal/chartTheme';

export interface LineChartProps extends theme.CartesianChartProps {
  /** Fills the area under each line (stacked when `stacked`). */
  area?: boolean;
  /** Stacks areas on top of each other. */
  stacked?: boolean;
}

/** A time series as lines or areas, themed by the tokens (light and dark). Built on Recharts. */
export function LineChart({
  data,
  xKey,
  series,
  area = false,
  stacked = false,
  formatX = theme.defaultFormatX,
  formatY = theme.defaultFormatY,
  ...rest
}: LineChartProps) {
  const Chart = area ? AreaChart : RechartsLineChart;
  return (
    <ChartFrame series={series} isEmpty={data.length === 0} {...rest}>
      <Chart data={data} margin={theme.plotMargin} accessibilityLayer={false}>
        <CartesianGrid stroke={theme.gridStroke} vertical={false} />
        <XAxis dataKey={xKey} {...theme.categoryAxis} tickFormatter={formatX} minTickGap={16} />
        <YAxis {...theme.valueAxis} tickFormatter={formatY} width={64} />
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
    </ChartFrame>
  );
}
