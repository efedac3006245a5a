import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './TabNav.module.css';

/** One view of a TabNav: a link. */
export interface TabNavItem {
  /** Stable key. */
  id: string;
  /** The tab's label. */
  label: ReactNode;
  /** Where it goes (usually the same page with another query, e.g. `?status=draft`). */
  href: string;
  /**
   * How many things the view holds ("Draft 12"), shown as a counter after the label and read as
   * part of the link's name. Format it for the reader's locale (`1,204`).
   */
  count?: ReactNode;
}

export interface TabNavProps extends Omit<ComponentPropsWithRef<'nav'>, 'children'> {
  /** Accessible name of the navigation, e.g. "Claim status". */
  'aria-label': string;
  /** The views, in order. */
  items: TabNavItem[];
  /** The `id` of the view on screen (`aria-current="page"`). */
  current: string;
}

/**
 * Views of one list as a row of tabs that are links (a list's status filter): each view has its
 * own URL, so it can be reloaded, shared, opened in a new tab and walked with back and forward.
 * Links navigate through the RouterLinkProvider's link. For views switched in place (a chart and
 * its table) use Tabs.
 */
export function TabNav({ items, current, className, ...rest }: TabNavProps) {
  return (
    <nav className={cx(styles.root, className)} {...rest}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <AppLink
              href={item.href}
              className={styles.tab}
              aria-current={item.id === current ? 'page' : undefined}
            >
              {item.label}
              {item.count === undefined || item.count === null ? null : (
                <>
                  {/* The space keeps the label and the count apart in the link's name. */}{' '}
                  <span className={styles.count}>{item.count}</span>
                </>
              )}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
