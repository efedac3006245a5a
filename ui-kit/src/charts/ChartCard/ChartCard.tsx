import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Button } from '../../Button/Button';
import { cx } from '../../internal/cx';
import styles from './ChartCard.module.css';

export type ChartCardView = 'chart' | 'table';

export interface ChartCardProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  /** Heading of the card; the section's name. */
  title: string;
  /** Level of the heading, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** A line under the heading (the period, the unit). */
  description?: ReactNode;
  /** Controls beside the toggle (a CSV download link). */
  actions?: ReactNode;
  /** The chart (a BarChart, a LineChart). */
  chart: ReactNode;
  /** The same numbers as a table (a ChartTable). */
  table: ReactNode;
  /** The view shown; with `onViewChange`, the caller owns it. */
  view?: ChartCardView;
  /** The first view when uncontrolled. */
  defaultView?: ChartCardView;
  /** Called when the person toggles the view. */
  onViewChange?: (view: ChartCardView) => void;
  /** The toggle's label; it is pressed while the table shows. */
  tableViewLabel?: string;
}

/**
 * A chart with a heading, actions and a "Table view" toggle button (`aria-pressed`) that swaps the
 * chart for a table of the same numbers.
 */
export function ChartCard({
  title,
  headingLevel = 2,
  description,
  actions,
  chart,
  table,
  view,
  defaultView = 'chart',
  onViewChange,
  tableViewLabel = 'Table view',
  className,
  ...rest
}: ChartCardProps) {
  const headingId = useId();
  const bodyId = useId();
  const [ownView, setOwnView] = useState<ChartCardView>(defaultView);
  const shown = view ?? ownView;
  const Heading = `h${headingLevel}` as const;
  const toggle = () => {
    const next: ChartCardView = shown === 'table' ? 'chart' : 'table';
    setOwnView(next);
    onViewChange?.(next);
  };
  return (
    <section aria-labelledby={headingId} className={cx(styles.root, className)} {...rest}>
      <div className={styles.header}>
        <div className={styles.heading}>
          <Heading id={headingId} className={styles.title}>
            {title}
          </Heading>
          {description != null && <p className={styles.description}>{description}</p>}
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={shown === 'table'}
            aria-controls={bodyId}
            onClick={toggle}
          >
            {tableViewLabel}
          </Button>
          {actions}
        </div>
      </div>
      <div id={bodyId} className={styles.body}>
        {shown === 'table' ? table : chart}
      </div>
    </section>
  );
}
