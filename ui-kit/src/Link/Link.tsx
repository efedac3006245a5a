import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './Link.module.css';

export interface LinkProps extends Omit<ComponentPropsWithRef<'a'>, 'download'> {
  /**
   * Destination. Rendered by the app's router link (see RouterLinkProvider) unless `external` or
   * `download`.
   */
  href: string;
  /**
   * The link fetches a file (an evidence file, an export): a plain `<a download>` that the browser
   * saves itself, never a route of the app. A string suggests the file's name.
   */
  download?: boolean | string;
  /** `default` underlined in running text; `subtle` inherits the text colour; `standalone` for links on their own line. */
  variant?: 'default' | 'subtle' | 'standalone';
  /** Opens in a new tab, safely, and tells screen-reader users it does (always a plain `<a>`). */
  external?: boolean;
  /** Text announced after an external link's label. */
  externalLabel?: string;
  /** The link text. */
  children?: ReactNode;
}

/**
 * A styled link. It navigates through the router plugged in with RouterLinkProvider (a plain
 * `<a>` without one). For actions that do not navigate use Button.
 */
export function Link({
  variant = 'default',
  external = false,
  externalLabel = '(opens in a new tab)',
  download,
  className,
  children,
  ...rest
}: LinkProps) {
  const linkProps = {
    className: cx(styles.root, className),
    'data-variant': variant,
    ...rest,
  };
  if (external) {
    return (
      <a target="_blank" rel="noopener noreferrer" {...linkProps}>
        {children}
        <span className={styles.external} aria-hidden="true">
          ↗
        </span>
        <VisuallyHidden> {externalLabel}</VisuallyHidden>
      </a>
    );
  }
  if (download !== undefined && download !== false) {
    return (
      <a download={download === true ? '' : download} {...linkProps}>
        {children}
      </a>
    );
  }
  return <AppLink {...linkProps}>{children}</AppLink>;
}
