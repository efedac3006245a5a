import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import styles from './Spinner.module.css';
import { SpinnerGlyph, type SpinnerSize } from './SpinnerGlyph';

export interface SpinnerProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** What is loading, announced to assistive technology (the label is visually hidden). */
  label?: string;
  /** Diameter: `sm` 16 px (inline), `md` 24 px, `lg` 40 px (page-level). */
  size?: SpinnerSize;
}

/** An indeterminate progress indicator, announced politely as a status. */
export function Spinner({ label = 'Loading', size = 'md', className, ...rest }: SpinnerProps) {
  return (
    <span role="status" className={cx(styles.root, className)} data-size={size} {...rest}>
      <SpinnerGlyph size={size} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
