import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Button } from '../Button/Button';
import { cx } from '../internal/cx';
import styles from './FilterBar.module.css';

export interface FilterBarProps extends ComponentPropsWithRef<'div'> {
  /** Accessible name of the search landmark, e.g. "Filter claims". */
  label: string;
  /** The search field and filter controls (SearchField, Select size="sm", DateRangePicker…). */
  children: ReactNode;
  /** How many filters differ from their defaults; shows the clear button when above 0. */
  activeCount?: number;
  /** Resets every filter (and the search). */
  onClear?: () => void;
  /** Label of the clear button; receives the active count. */
  clearLabel?: (activeCount: number) => string;
  /** Actions on the list as a whole, at the end: Export CSV, New claim. */
  actions?: ReactNode;
}

/** The search and filter controls above a list, as one `search` landmark, with a one-click reset. */
export function FilterBar({
  label,
  children,
  activeCount = 0,
  onClear,
  clearLabel = (count) => `Clear filters (${count})`,
  actions,
  className,
  ...rest
}: FilterBarProps) {
  return (
    <div role="search" aria-label={label} className={cx(styles.root, className)} {...rest}>
      <div className={styles.filters}>{children}</div>
      {((onClear && activeCount > 0) || actions) && (
        <div className={styles.actions}>
          {onClear && activeCount > 0 && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              {clearLabel(activeCount)}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
