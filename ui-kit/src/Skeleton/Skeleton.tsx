import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { useCssVariables } from '../internal/useCssVariables';
import styles from './Skeleton.module.css';

export interface SkeletonProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** `text` (a line of text), `rect` (a block such as a chart) or `circle` (an avatar). */
  shape?: 'text' | 'rect' | 'circle';
  /** CSS width; defaults to 100% (text, rect) or the height (circle). */
  width?: string | number;
  /** CSS height; defaults to one line of text. */
  height?: string | number;
  /** For `text`: the number of lines (the last one shorter). */
  lines?: number;
}

const size = (value: string | number | undefined) =>
  typeof value === 'number' ? `${value}px` : value;

/**
 * A placeholder with the shape of content that is loading. Hidden from assistive technology: mark
 * the loading region with `aria-busy` and announce loading once (e.g. with a Spinner's label).
 */
export function Skeleton({
  shape = 'text',
  width,
  height,
  lines = 1,
  className,
  ref,
  ...rest
}: SkeletonProps) {
  const dimensions = {
    '--skeleton-width': size(width ?? (shape === 'circle' ? height : undefined)),
    '--skeleton-height': size(height),
  } as const;
  const multiline = shape === 'text' && lines > 1;
  const rootRef = useCssVariables(multiline ? {} : dimensions, ref);
  const lineRef = useCssVariables(dimensions);

  if (multiline) {
    return (
      <span
        ref={rootRef}
        className={cx(styles.lines, className)}
        aria-hidden="true"
        data-shape={shape}
        {...rest}
      >
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} ref={lineRef} className={styles.root} />
        ))}
      </span>
    );
  }
  return (
    <span
      ref={rootRef}
      className={cx(styles.root, className)}
      aria-hidden="true"
      data-shape={shape}
      {...rest}
    />
  );
}
