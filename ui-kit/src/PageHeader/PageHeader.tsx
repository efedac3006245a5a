import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import styles from './PageHeader.module.css';

export interface PageHeaderProps extends Omit<ComponentPropsWithRef<'header'>, 'title'> {
  /** The page title, rendered as the page's only `<h1>`. */
  title: string;
  /** A line under the title: context, counts, last update. */
  description?: ReactNode;
  /** The page's main actions, at the end of the title row (wraps under it on narrow screens). */
  actions?: ReactNode;
  /** Breadcrumbs above the title (pass the Breadcrumbs component or your own `<nav>`). */
  breadcrumbs?: ReactNode;
}

/** The top of a screen: breadcrumbs, the h1 title, a description and the main actions. */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
  className,
  ...rest
}: PageHeaderProps) {
  return (
    <header className={cx(styles.root, className)} {...rest}>
      {breadcrumbs && <div className={styles.breadcrumbs}>{breadcrumbs}</div>}
      <div className={styles.row}>
        <div className={styles.text}>
          <h1 className={styles.title}>{title}</h1>
          {description && <div className={styles.description}>{description}</div>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
