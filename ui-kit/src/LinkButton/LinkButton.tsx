import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { ButtonSize, ButtonVariant } from '../Button/Button';
import { cx } from '../internal/cx';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './LinkButton.module.css';

export interface LinkButtonProps extends Omit<ComponentPropsWithRef<'a'>, 'download'> {
  /** Destination. Rendered by the app's router link (see RouterLinkProvider) unless `download`. */
  href: string;
  /** Visual weight, as Button's: `primary` for the one main action of a view, `secondary` for others. */
  variant?: ButtonVariant;
  /** Control height, as Button's: `sm` 28 px, `md` 36 px, `lg` 44 px. */
  size?: ButtonSize;
  /**
   * The link fetches a file (a CSV export): a plain `<a download>` that the browser downloads
   * itself, with its own progress, never through the router. `true`, or the file name to suggest
   * (the server's `Content-Disposition` usually names it).
   */
  download?: boolean | string;
  /** An icon before the label (decorative: give the link a text label). */
  leadingIcon?: ReactNode;
  /** An icon after the label (decorative). */
  trailingIcon?: ReactNode;
  /** Stretches the link to the width of its container. */
  fullWidth?: boolean;
  /** The link text. */
  children?: ReactNode;
}

/**
 * A link that looks like a button: navigation or a download presented as an action ("Export CSV",
 * "New claim" on a page of its own). It stays a link, so it opens in a new tab, can be copied, and
 * a download shows the browser's own progress. For actions that do not navigate use Button.
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  download,
  leadingIcon,
  trailingIcon,
  fullWidth = false,
  className,
  children,
  ...rest
}: LinkButtonProps) {
  const linkProps = {
    className: cx(styles.root, className),
    'data-variant': variant,
    'data-size': size,
    'data-full-width': fullWidth || undefined,
    ...rest,
  };
  const content = (
    <>
      {leadingIcon && <span className={styles.icon}>{leadingIcon}</span>}
      {children}
      {trailingIcon && <span className={styles.icon}>{trailingIcon}</span>}
    </>
  );
  if (download !== undefined && download !== false) {
    return (
      <a download={download === true ? '' : download} {...linkProps}>
        {content}
      </a>
    );
  }
  return <AppLink {...linkProps}>{content}</AppLink>;
}
