import type { ReactNode } from 'react';
import { Tooltip } from 'recharts';
import { seriesSlot, type ChartSeries } from './chartTheme';
import styles from './ChartFrame.module.css';

interface TooltipEntry {
  dataKey?: unknown;
  name?: unknown;
  value?: unknown;
}

interface ChartTooltipProps {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: unknown;
  series: ChartSeries[];
  formatValue: (value: number) => string;
  formatLabel: (value: string | number) => ReactNode;
}

/** The tooltip shown on hover: themed, with tabular numbers formatted by the chart's formatter. */
export function ChartTooltip({
  active,
  payload,
  label,
  series,
  formatValue,
  formatLabel,
}: ChartTooltipProps) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className={styles.tooltip}>
      <p className={styles.tooltipLabel}>
        {typeof label === 'string' || typeof label === 'number' ? formatLabel(label) : null}
      </p>
      <ul className={styles.tooltipList}>
        {payload.map((entry) => {
          const index = series.findIndex((item) => item.key === entry.dataKey);
          const item = series[index];
          return (
            <li key={String(entry.dataKey)} className={styles.legendItem}>
              <span
                className={styles.swatch}
                data-color={item ? seriesSlot(item, index) : undefined}
                aria-hidden="true"
              />
              {String(entry.name)}:{' '}
              {typeof entry.value === 'number' ? formatValue(entry.value) : '—'}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Recharts' `<Tooltip>` drawing ChartTooltip, for every chart. A function, not a component:
 * Recharts finds its tooltip among the chart's direct children.
 */
export function chartTooltip({
  series,
  formatX,
  formatY,
  cursor,
}: {
  series: ChartSeries[];
  formatX: (value: string | number) => string;
  formatY: (value: number) => string;
  /** The highlight under the pointer; Recharts' default line when absent. */
  cursor?: { fill: string };
}) {
  return (
    <Tooltip
      cursor={cursor}
      content={(props) => (
        <ChartTooltip
          active={props.active}
          payload={props.payload}
          label={props.label}
          series={series}
          formatValue={formatY}
          formatLabel={formatX}
        />
      )}
    />
  );
}
