import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
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

export interface BarChartProps extends CartesianChartProps {
  /** Stacks the series instead of grouping them side by side. */
  stacked?: boolean;
  /** Horizontal bars (long category names, rankings such as top items). */
  layout?: 'vertical-bars' | 'horizontal-bars';
}

/** Values per category or period as bars, grouped or stacked, themed by the tokens. Built on Recharts. */
export function BarChart({
  title,
  data,
  xKey,
  series,
  stacked = false,
  layout = 'vertical-bars',
  height = 280,
  formatX = defaultFormatX,
  formatY = defaultFormatY,
  empty,
  className,
  ...rest
}: BarChartProps) {
  if (data.length === 0 && empty) return <>{empty}</>;
  const horizontal = layout === 'horizontal-bars';
  return (
    <div role="img" aria-label={title} className={cx(frame.root, className)} {...rest}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <RechartsBarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={gridStroke} vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis
                type="number"
                tick={axisTick}
                axisLine={false}
                tickLine={false}
                tickFormatter={formatY}
              />
              <YAxis
                type="category"
                dataKey={xKey}
                tick={axisTick}
                axisLine={axisLine}
                tickLine={false}
                tickFormatter={formatX}
                width={120}
              />
            </>
          ) : (
            <>
              <XAxis
                dataKey={xKey}
                tick={axisTick}
                axisLine={axisLine}
                tickLine={false}
                tickFormatter={formatX}
                minTickGap={8}
              />
              <YAxis
                tick={axisTick}
                axisLine={false}
                tickLine={false}
                tickFormatter={formatY}
                width={64}
              />
            </>
          )}
          <Tooltip
            cursor={{ fill: 'var(--ppui-color-surface-hover)' }}
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
          {series.map((item, index) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.label}
              fill={seriesColor(item, index)}
              radius={stacked ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
              stackId={stacked ? 'stack' : undefined}
              maxBarSize={40}
              isAnimationActive={false}
            />
          ))}
        </RechartsBarChart>
      </ResponsiveContainer>
      <ChartLegend series={series} />
    </div>
  );
}
