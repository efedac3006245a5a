import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { ChevronRightIcon } from '../internal/icons';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './Breadcrumbs.module.css';

/** One step of the trail. */
export interface BreadcrumbItem {
  /** Visible text. */
  label: string;
  /** Destination; omit for the current page (the last item). */
  href?: string;
}

export interface BreadcrumbsProps extends ComponentPropsWithRef<'nav'> {
  /** The trail from the top level to the current page; the last item is the current page. */
  items: BreadcrumbItem[];
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** Where the current page sits: "Claims › CLM-2026-0042". */
export function Breadcrumbs({ items, label = 'Breadcrumb', className, ...rest }: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className={className} {...rest}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className={styles.item}>
              {index > 0 && (
                <span className={styles.separator} aria-hidden="true">
                  <ChevronRightIcon width={12} height={12} />
                </span>
              )}
              {last || !item.href ? (
                <span
                  className={cx(styles.current)}
                  aria-current={last ? 'page' : undefined}
                  title={item.label}
                >
                  {item.label}
                </span>
              ) : (
                <AppLink href={item.href} className={styles.link}>
                  {item.label}
                </AppLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
