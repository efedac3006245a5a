import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import styles from './Divider.module.css';

export interface DividerProps extends Omit<ComponentPropsWithRef<'hr'>, 'children'> {
  /** A horizontal rule between blocks, or a vertical one between inline items. */
  orientation?: 'horizontal' | 'vertical';
  /** Space around the line. */
  spacing?: 'none' | 'sm' | 'md';
  /** A purely visual line (hidden from assistive technology) rather than a thematic break. */
  decorative?: boolean;
}

/** A thin line separating content. */
export function Divider({
  orientation = 'horizontal',
  spacing = 'md',
  decorative = false,
  className,
  ...rest
}: DividerProps) {
  const semantics = decorative
    ? { role: 'presentation' as const, 'aria-hidden': true }
    : orientation === 'vertical'
      ? { role: 'separator' as const, 'aria-orientation': 'vertical' as const }
      : {};
  return (
    <hr
      className={cx(styles.root, className)}
      data-orientation={orientation}
      data-spacing={spacing}
      {...semantics}
      {...rest}
    />
  );
}
