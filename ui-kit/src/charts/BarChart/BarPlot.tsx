import { useContext } from 'react';
import { Bar, BarChart as RechartsBarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { chartTooltip } from '../internal/ChartTooltip';
import { PlotContainer } from '../internal/PlotContainer';
import * as theme from '../internal/chartTheme';
import { PlotWidthContext } from '../internal/plotWidth';

const MIN_TICK_GAP = 8;

export interface BarPlotProps extends Pick<theme.CartesianChartProps, 'data' | 'xKey' | 'series'> {
  stacked: boolean;
  layout: 'vertical-bars' | 'horizontal-bars';
  height: number;
  formatX: (value: string | number) => string;
  formatY: (value: number) => string;
}

/** BarChart's plot, with Recharts: a module of its own, loaded when the first chart is drawn. */
export default function BarPlot({
  data,
  xKey,
  series,
  stacked,
  layout,
  height,
  formatX,
  formatY,
}: BarPlotProps) {
  const horizontal = layout === 'horizontal-bars';
  const axes = theme.cartesianAxes(
    { data, xKey, formatX, formatY },
    useContext(PlotWidthContext),
    MIN_TICK_GAP,
  );
  return (
    <PlotContainer height={height}>
      <RechartsBarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={theme.plotMargin}
        accessibilityLayer={false}
      >
        <CartesianGrid
          stroke={theme.gridStroke}
          vertical={horizontal}
          horizontal={!horizontal}
          {...(horizontal
            ? { horizontalCoordinatesGenerator: theme.noGridLines }
            : { verticalCoordinatesGenerator: theme.noGridLines })}
        />
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
            <XAxis {...axes.x} />
            <YAxis {...axes.y} />
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
    </PlotContainer>
  );
}
