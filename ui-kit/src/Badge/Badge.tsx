import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'purple' | 'teal';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  /** Colour family. Colour is never the only carrier of meaning: the text must say it too. */
  tone?: BadgeTone;
  /** `subtle` (tinted, the default) or `solid` (filled, for counts that need attention). */
  variant?: 'subtle' | 'solid';
  /** A decorative icon before the text. */
  icon?: ReactNode;
  /** The text. */
  children?: ReactNode;
}

/** A short label: a count, a category, a state. */
export function Badge({
  tone = 'neutral',
  variant = 'subtle',
  icon,
  className,
  children,
  ...rest
}: BadgeProps) {
  return (
    <span className={cx(styles.root, className)} data-tone={tone} data-variant={variant} {...rest}>
      {icon && (
        <span aria-hidden="true" className={styles.icon}>
          {icon}
        </span>
      )}
      <span className={styles.label}>{children}</span>
    </span>
  );
}
