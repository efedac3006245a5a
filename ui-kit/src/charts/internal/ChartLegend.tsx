import { seriesSlot, type ChartSeries } from './chartTheme';
import styles from './ChartFrame.module.css';

/** A legend as an HTML list (readable and wrapping), rather than Recharts' SVG legend. */
export function ChartLegend({ series }: { series: ChartSeries[] }) {
  if (series.length < 2) return null;
  return (
    <ul className={styles.legend} aria-hidden="true">
      {series.map((item, index) => (
        <li key={item.key} className={styles.legendItem}>
          <span className={styles.swatch} data-color={seriesSlot(item, index)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
