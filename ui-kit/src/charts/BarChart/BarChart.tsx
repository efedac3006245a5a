import { Bar, BarChart as RechartsBarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../internal/ChartFrame';
import { chartTooltip } from '../internal/ChartTooltip';
import * as theme from '../internal/chartTheme';

export interface BarChartProps extends theme.CartesianChartProps {
  /** Stacks the series instead of grouping them side by side. */
  stacked?: boolean;
  /** Horizontal bars (long category names, rankings such as top items). */
  layout?: 'vertical-bars' | 'horizontal-bars';
}

/** Values per category or period as bars, grouped or stacked, themed by the tokens. Built on Recharts. */
export function BarChart({
  data,
  xKey,
  series,
  stacked = false,
  layout = 'vertical-bars',
  formatX = theme.defaultFormatX,
  formatY = theme.defaultFormatY,
  ...rest
}: BarChartProps) {
  const horizontal = layout === 'horizontal-bars';
  return (
    <ChartFrame series={series} isEmpty={data.length === 0} {...rest}>
      <RechartsBarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={theme.plotMargin}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={theme.gridStroke} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" {...theme.valueAxis} tickFormatter={formatY} />
            <YAxis
              type="category"
              dataKey={xKey}
              {...theme.categoryAxis}
              tickFormatter={formatX}
              width={120}
            />
          </>
        ) : (
          <>
            <XAxis dataKey={xKey} {...theme.categoryAxis} tickFormatter={formatX} minTickGap={8} />
            <YAxis {...theme.valueAxis} tickFormatter={formatY} width={64} />
          </>
        )}
        {chartTooltip({
          series,
          formatX,
          formatY,
          cursor: { fill: 'var(--ppui-color-surface-hover)' },
        })}
        {series.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={theme.seriesColor(item, index)}
            radius={stacked ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
            stackId={stacked ? 'stack' : undefined}
            maxBarSize={40}
            isAnimationActive={false}
          />
        ))}
      </RechartsBarChart>
    </ChartFrame>
  );
}
