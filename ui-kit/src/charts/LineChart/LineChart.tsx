import {
  Area,
  AreaChart,
  CartesianGrid,
  Line,
  LineChart as RechartsLineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { cx } from '../../internal/cx';
import frame from '../internal/ChartFrame.module.css';
import {
  axisLine,
  axisTick,
  ChartLegend,
  ChartTooltip,
  gridStroke,
  seriesColor,
  defaultFormatX,
  defaultFormatY,
  type CartesianChartProps,
} from '../internal/chartTheme';

export interface LineChartProps extends CartesianChartProps {
  /** Fills the area under each line (stacked when `stacked`). */
  area?: boolean;
  /** Stacks areas on top of each other. */
  stacked?: boolean;
}

/** A time series as lines or areas, themed by the tokens (light and dark). Built on Recharts. */
export function LineChart({
  title,
  data,
  xKey,
  series,
  area = false,
  stacked = false,
  height = 280,
  formatX = defaultFormatX,
  formatY = defaultFormatY,
  empty,
  className,
  ...rest
}: LineChartProps) {
  if (data.length === 0 && empty) return <>{empty}</>;
  const Chart = area ? AreaChart : RechartsLineChart;
  return (
    <div role="img" aria-label={title} className={cx(frame.root, className)} {...rest}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <Chart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis
            dataKey={xKey}
            tick={axisTick}
            axisLine={axisLine}
            tickLine={false}
            tickFormatter={formatX}
            minTickGap={16}
          />
          <YAxis
            tick={axisTick}
            axisLine={false}
            tickLine={false}
            tickFormatter={formatY}
            width={64}
          />
          <Tooltip
            content={(props) => (
              <ChartTooltip
                active={props.active}
                payload={props.payload}
                label={props.label}
                formatValue={formatY}
                formatLabel={formatX}
              />
            )}
          />
          {series.map((item, index) =>
            area ? (
              <Area
                key={item.key}
                type="monotone"
                dataKey={item.key}
                name={item.label}
                stroke={seriesColor(item, index)}
                fill={seriesColor(item, index)}
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
                stroke={seriesColor(item, index)}
                strokeWidth={2}
                dot={data.length <= 12}
                isAnimationActive={false}
              />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
      <ChartLegend series={series} />
    </div>
  );
}
