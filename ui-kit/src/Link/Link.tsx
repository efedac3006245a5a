import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import styles from './Link.module.css';

interface LinkOwnProps<E extends ElementType> {
  /**
   * The element or component to render, e.g. a router's Link (`as={RouterLink} to="/x"`).
   * Defaults to `<a>`. All other props are passed to it.
   */
  as?: E;
  /** `default` underlined in running text; `subtle` inherits the text colour; `standalone` for links on their own line. */
  variant?: 'default' | 'subtle' | 'standalone';
  /** Opens in a new tab, safely, and tells screen-reader users it does. */
  external?: boolean;
  /** Text announced after an external link's label. */
  externalLabel?: string;
  /** The link text. */
  children?: ReactNode;
}

export type LinkProps<E extends ElementType = 'a'> = LinkOwnProps<E> &
  Omit<ComponentPropsWithRef<E>, keyof LinkOwnProps<E>>;

/** A styled link, router-agnostic through `as`. For actions that do not navigate use Button. */
export function Link<E extends ElementType = 'a'>({
  as,
  variant = 'default',
  external = false,
  externalLabel = '(opens in a new tab)',
  className,
  children,
  ...rest
}: LinkProps<E>) {
  const Component: ElementType = as ?? 'a';
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Component
      className={cx(styles.root, className as string | undefined)}
      data-variant={variant}
      {...externalProps}
      {...rest}
    >
      {children}
      {external && (
        <>
          <span className={styles.external} aria-hidden="true">
            ↗
          </span>
          <VisuallyHidden> {externalLabel}</VisuallyHidden>
        </>
      )}
    </Component>
  );
}
