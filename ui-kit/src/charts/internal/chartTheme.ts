import type { ComponentPropsWithRef, ReactNode } from 'react';
import { axisTick as axisTickLabel } from './AxisTick';

/** A slot of the chart palette (`--ppui-color-chart-N`). */
export type ChartColor = 1 | 2 | 3 | 4 | 5 | 6;

/** One data series of a chart. */
export interface ChartSeries {
  /** Property of each datum holding the value. */
  key: string;
  /** Name in the legend and tooltip. */
  label: string;
  /** Palette slot 1–6 (`--ppui-color-chart-N`); defaults to the series' position. */
  color?: ChartColor;
}

/** One point or category: the x value and one number per series. */
export type ChartDatum = Record<string, string | number | null>;

/** The props every cartesian chart (x axis of categories or dates, y axis of values) shares. */
export interface CartesianChartProps extends Omit<
  ComponentPropsWithRef<'div'>,
  'children' | 'title'
> {
  /** Accessible summary of what the chart shows ("Claims filed per week, March 2026"). Pair the chart with a table view for the numbers. */
  title: string;
  /** The points or categories, in x order. */
  data: ChartDatum[];
  /** Property of each datum holding the x value (a date string, a label or a category). */
  xKey: string;
  /** The series to draw. */
  series: ChartSeries[];
  /** Height in pixels. */
  height?: number;
  /** Formats x values on the axis and in the tooltip. */
  formatX?: (value: string | number) => string;
  /** Formats y values on the axis and in the tooltip (amounts, percentages). */
  formatY?: (value: number) => string;
  /** Shown instead of the chart when `data` is empty. */
  empty?: ReactNode;
}

export const defaultFormatX = (value: string | number) => String(value);
export const defaultFormatY = (value: number) => new Intl.NumberFormat().format(value);

/** The palette slot of a series: its own, or its position. */
export const seriesSlot = (series: ChartSeries, index: number): ChartColor =>
  series.color ?? (((index % 6) + 1) as ChartColor);

/** The colour of a series for Recharts' SVG attributes (a token, so it follows the theme). */
export const seriesColor = (series: ChartSeries, index: number) =>
  `var(--ppui-color-chart-${seriesSlot(series, index)})`;

const axisTick = { fill: 'var(--ppui-color-fg-muted)', fontSize: 12 };

/** Props of the axis that carries the categories or dates (a line, no ticks). */
export const categoryAxis = {
  tick: axisTick,
  axisLine: { stroke: 'var(--ppui-color-border)' },
  tickLine: false,
} as const;

/** Props of the axis that carries the values (no line, no ticks, room for formatted amounts). */
export const valueAxis = { tick: axisTick, axisLine: false, tickLine: false } as const;

export const gridStroke = 'var(--ppui-color-border-muted)';

/** The space Recharts leaves around the plot in every chart. */
export const plotMargin = { top: 8, right: 8, bottom: 0, left: 0 };

/**
 * Roughly the widest character of an axis label at its 12 px, in pixels (digits and capitals of the
 * system font are 7 px or less): an estimate that errs toward fewer labels.
 */
const TICK_CHARACTER_WIDTH = 7.5;

/**
 * Which category labels the axis shows: every `interval + 1`th, as many as fit in the plot's width
 * with `minTickGap` between them, estimated from the labels' length. Recharts' own choice
 * (`preserveEnd`) measures every label in the DOM, a forced layout each: a third of a plot's mount
 * on a phone (docs/performance.md, "Lighthouse"). Without a measured width (a test, a server), the
 * choice is left to Recharts.
 */
export function categoryInterval(
  data: readonly ChartDatum[],
  xKey: string,
  formatX: (value: string | number) => string,
  plotWidth: number | undefined,
  valueAxisWidth: number,
  minTickGap: number,
): number | 'preserveEnd' {
  if (plotWidth === undefined || plotWidth <= 0) return 'preserveEnd';
  if (data.length <= 1) return 0;
  let longest = 0;
  for (const datum of data) {
    const value = datum[xKey];
    if (value === null || value === undefined) continue;
    longest = Math.max(longest, formatX(value).length);
  }
  const axisWidth = plotWidth - valueAxisWidth - plotMargin.left - plotMargin.right;
  const slot = longest * TICK_CHARACTER_WIDTH + minTickGap;
  const fitting = Math.max(1, Math.floor(axisWidth / slot));
  return Math.max(0, Math.ceil(data.length / fitting) - 1);
}

/**
 * The grid lines of a direction the chart does not draw: none to compute (Recharts computes them
 * anyway, measuring the axis' labels, unless told where they are).
 */
export const noGridLines = (): number[] => [];

/** The value axis shows all its ticks (five or so, far apart on a plot's height): nothing to measure. */
export const VALUE_AXIS_INTERVAL = 0;

/** The width of the value axis' labels (formatted amounts) in every cartesian plot. */
export const VALUE_AXIS_WIDTH = 64;

/**
 * The props of a plot's category (x) and value (y) axes, as every vertical cartesian plot draws them:
 * the labels as one `<text>` each (`tick`, AxisTick.tsx), the categories thinned by `categoryInterval`
 * for the plot's measured width, every value tick shown.
 */
export function cartesianAxes(
  {
    data,
    xKey,
    formatX,
    formatY,
  }: {
    data: readonly ChartDatum[];
    xKey: string;
    formatX: (value: string | number) => string;
    formatY: (value: number) => string;
  },
  plotWidth: number | undefined,
  minTickGap: number,
) {
  return {
    x: {
      dataKey: xKey,
      ...categoryAxis,
      tick: axisTickLabel,
      tickFormatter: formatX,
      minTickGap,
      interval: categoryInterval(data, xKey, formatX, plotWidth, VALUE_AXIS_WIDTH, minTickGap),
    },
    y: {
      ...valueAxis,
      tick: axisTickLabel,
      tickFormatter: formatY,
      width: VALUE_AXIS_WIDTH,
      interval: VALUE_AXIS_INTERVAL,
    },
  };
}
