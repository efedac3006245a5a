import type { ComponentPropsWithRef, ElementType } from 'react';
import { cx } from '../internal/cx';
import styles from './Stack.module.css';

/** Steps of the spacing scale (`--ppui-space-*`). */
export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 16;

interface LayoutProps extends ComponentPropsWithRef<'div'> {
  /** Space between children, as a step of the spacing scale (4 = 16 px). */
  gap?: SpaceStep;
  /** Cross-axis alignment of the children. */
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  /** Main-axis distribution of the children. */
  justify?: 'start' | 'center' | 'end' | 'between';
  /** The element to render, e.g. `ul` for a list of cards. */
  as?: ElementType;
}

export type StackProps = LayoutProps;

/** Lays children out vertically with consistent spacing. */
export function Stack({
  gap = 4,
  align,
  justify,
  as: Component = 'div',
  className,
  ...rest
}: StackProps) {
  return (
    <Component
      className={cx(styles.stack, className)}
      data-align={align}
      data-justify={justify}
      data-gap={gap}
      {...rest}
    />
  );
}

export interface InlineProps extends LayoutProps {
  /** Wraps children onto new lines when they do not fit (default). */
  wrap?: boolean;
}

/** Lays children out in a row (wrapping by default) with consistent spacing: toolbars, button groups. */
export function Inline({
  gap = 2,
  align,
  justify,
  wrap = true,
  as: Component = 'div',
  className,
  ...rest
}: InlineProps) {
  return (
    <Component
      className={cx(styles.inline, className)}
      data-align={align}
      data-justify={justify}
      data-wrap={wrap}
      data-gap={gap}
      {...rest}
    />
  );
}
