import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import styles from './ChartFrame.module.css';

/** One data series of a chart. */
export interface ChartSeries {
  /** Property of each datum holding the value. */
  key: string;
  /** Name in the legend and tooltip. */
  label: string;
  /** Palette slot 1–6 (`--ppui-color-chart-N`); defaults to the series' position. */
  color?: 1 | 2 | 3 | 4 | 5 | 6;
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

export const seriesColor = (series: ChartSeries, index: number) =>
  `var(--ppui-color-chart-${series.color ?? (index % 6) + 1})`;

export const axisTick = { fill: 'var(--ppui-color-fg-muted)', fontSize: 12 };
export const axisLine = { stroke: 'var(--ppui-color-border)' };
export const gridStroke = 'var(--ppui-color-border-muted)';

interface TooltipEntry {
  dataKey?: unknown;
  name?: unknown;
  value?: unknown;
  color?: string;
}

/** The tooltip shown on hover: themed, with tabular numbers formatted by the chart's formatter. */
export function ChartTooltip({
  active,
  payload,
  label,
  formatValue,
  formatLabel,
}: {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: unknown;
  formatValue: (value: number) => string;
  formatLabel: (value: string | number) => ReactNode;
}) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className={styles.tooltip}>
      <p className={styles.tooltipLabel}>
        {typeof label === 'string' || typeof label === 'number' ? formatLabel(label) : null}
      </p>
      <ul className={styles.tooltipList}>
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className={styles.tooltipItem}>
            <span
              className={styles.swatch}
              style={{ '--swatch': entry.color } as CSSProperties}
              aria-hidden="true"
            />
            {String(entry.name)}: {typeof entry.value === 'number' ? formatValue(entry.value) : '—'}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A legend as an HTML list (readable and wrapping), rather than Recharts' SVG legend. */
export function ChartLegend({ series }: { series: ChartSeries[] }) {
  if (series.length < 2) return null;
  return (
    <ul className={styles.legend} aria-hidden="true">
      {series.map((item, index) => (
        <li key={item.key} className={styles.tooltipItem}>
          <span
            className={styles.swatch}
            style={{ '--swatch': seriesColor(item, index) } as CSSProperties}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
