import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { ArrowDownIcon, ArrowUpIcon } from '../internal/icons';
import { Skeleton } from '../Skeleton/Skeleton';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './Stat.module.css';

/** Change of a figure against a previous period. */
export interface StatDelta {
  /** The change as a number: 0.12 for +12 % (format `percent`), or an absolute change. */
  value: number;
  /** How to show the change; `percent` expects a ratio (0.12). */
  format?: 'percent' | 'number';
  /** Whether a rise is good news (`up`: approvals) or bad (`down`: open claims, losses). */
  goodDirection?: 'up' | 'down' | 'none';
  /** The comparison, for every reader: "vs previous 30 days". */
  period: string;
  /** Formats an absolute change (e.g. as money); defaults to a signed number. */
  formatValue?: (value: number) => string;
}

export interface StatProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** What the figure is: "Open claims". */
  label: string;
  /** The figure, formatted: "24", a Money element. */
  value?: ReactNode;
  /** Change against a previous period, shown with an arrow and worded for screen readers. */
  delta?: StatDelta;
  /** A muted line under the figure ("€12,340 in total"). */
  help?: ReactNode;
  /** Shows skeletons instead of the figure. */
  loading?: boolean;
  /** Makes the whole card a link to the underlying list. */
  href?: string;
  /** BCP 47 locale for the delta. */
  locale?: string;
}

function describeDelta(delta: StatDelta, locale: string | undefined) {
  const magnitude = Math.abs(delta.value);
  const text =
    delta.format === 'number' || delta.format === undefined
      ? (delta.formatValue?.(magnitude) ?? new Intl.NumberFormat(locale).format(magnitude))
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
          magnitude,
        );
  const direction = delta.value > 0 ? 'up' : delta.value < 0 ? 'down' : 'flat';
  const sentiment =
    direction === 'flat' || delta.goodDirection === 'none'
      ? 'neutral'
      : direction === (delta.goodDirection ?? 'up')
        ? 'good'
        : 'bad';
  const words =
    direction === 'flat' ? 'No change' : `${direction === 'up' ? 'Up' : 'Down'} ${text}`;
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '±';
  return { text: `${sign}${text}`, words, direction, sentiment };
}

/**
 * A key figure (KPI) with its change against a previous period. The change is shown as an arrow
 * and a signed number, and read as words ("Up 12% vs previous 30 days").
 */
export function Stat({
  label,
  value,
  delta,
  help,
  loading = false,
  href,
  locale,
  className,
  ...rest
}: StatProps) {
  const described = delta ? describeDelta(delta, locale) : undefined;
  return (
    <div
      className={cx(styles.root, className)}
      data-linked={href !== undefined}
      aria-busy={loading || undefined}
      {...rest}
    >
      <p className={styles.label}>
        {href ? (
          <AppLink href={href} className={styles.link}>
            {label}
          </AppLink>
        ) : (
          label
        )}
      </p>
      {loading ? (
        <>
          <Skeleton height="2rem" width="6rem" />
          <Skeleton width="9rem" />
        </>
      ) : (
        <>
          <p className={styles.value}>{value}</p>
          {(described || help) && (
            <div className={styles.footer}>
              {described && delta && (
                <>
                  <span
                    className={styles.delta}
                    data-sentiment={described.sentiment}
                    data-direction={described.direction}
                  >
                    {described.direction === 'up' && <ArrowUpIcon />}
                    {described.direction === 'down' && <ArrowDownIcon />}
                    <span aria-hidden="true">{described.text}</span>
                    <VisuallyHidden>{described.words}</VisuallyHidden>
                  </span>
                  <span className={styles.period}>{delta.period}</span>
                </>
              )}
              {help && <span className={styles.help}>{help}</span>}
            </div>
          )}
        </>
      )}
    </div>
  );
}
