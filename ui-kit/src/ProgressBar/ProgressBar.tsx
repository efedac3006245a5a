import { useId, type ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { setCssVariables } from '../internal/useCssVariables';
import styles from './ProgressBar.module.css';

export interface ProgressBarProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** What is progressing; shown above the bar and used as its accessible name. */
  label: string;
  /** Hides the label visually (it still names the bar). */
  hideLabel?: boolean;
  /** Current value; leave undefined for indeterminate progress. */
  value?: number;
  /** The value at completion. */
  max?: number;
  /** Human wording of the value ("3 of 5 files"); defaults to a percentage. */
  valueText?: string;
  /** Colour of the bar, e.g. `warning` for a filing window running out. */
  tone?: 'accent' | 'success' | 'warning' | 'danger';
  /** Bar thickness. */
  size?: 'sm' | 'md';
}

/** Shows how far a task or quantity has progressed (uploads, a filing window, stock against a target). */
export function ProgressBar({
  label,
  hideLabel = false,
  value,
  max = 100,
  valueText,
  tone = 'accent',
  size = 'md',
  className,
  ...rest
}: ProgressBarProps) {
  const labelId = useId();
  const indeterminate = value === undefined;
  const clamped = indeterminate ? 0 : Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  const text = indeterminate ? undefined : (valueText ?? `${percent}%`);
  return (
    <div
      className={cx(styles.root, className)}
      data-tone={tone}
      data-size={size}
      data-indeterminate={indeterminate}
      {...rest}
    >
      {!hideLabel && (
        <div className={styles.header}>
          <span id={labelId} className={styles.label}>
            {label}
          </span>
          {text && (
            <span className={styles.value} aria-hidden="true">
              {text}
            </span>
          )}
        </div>
      )}
      <div
        role="progressbar"
        className={styles.track}
        aria-labelledby={hideLabel ? undefined : labelId}
        aria-label={hideLabel ? label : undefined}
        aria-valuemin={indeterminate ? undefined : 0}
        aria-valuemax={indeterminate ? undefined : max}
        aria-valuenow={indeterminate ? undefined : clamped}
        aria-valuetext={text}
      >
        <div
          ref={(element) =>
            setCssVariables(element, {
              '--progress-percent': indeterminate ? undefined : `${percent}%`,
            })
          }
          className={styles.indicator}
        />
      </div>
    </div>
  );
}
