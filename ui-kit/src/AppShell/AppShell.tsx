import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { cx } from '../internal/cx';
import { MenuIcon } from '../internal/icons';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './AppShell.module.css';

/** One entry of the main navigation. */
export interface AppShellNavItem {
  /** Visible text of the link. */
  label: string;
  /** Destination, rendered by the app's router link (see RouterLinkProvider). */
  href: string;
  /** Marks the entry of the current section (`aria-current="page"`). */
  current?: boolean;
  /** A decorative icon before the label. */
  icon?: ReactNode;
}

export interface AppShellProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The product's name or logo at the start of the top bar. */
  brand: ReactNode;
  /** The main navigation, in the sidebar (a drawer below 768 px). */
  navigation: AppShellNavItem[];
  /** Accessible name of the navigation landmark. */
  navigationLabel?: string;
  /** Content at the end of the top bar: partner switcher, user menu. */
  headerEnd?: ReactNode;
  /** Text of the skip link, the first focusable element of the page. */
  skipLinkLabel?: string;
  /** Accessible name of the button that opens the navigation on small screens. */
  menuButtonLabel?: string;
  /** The page, rendered in `<main id="main-content">`. */
  children?: ReactNode;
}

const MAIN_ID = 'main-content';

/**
 * The frame of every signed-in screen: a skip link, a top bar (brand, header controls), the main
 * navigation (a sidebar, or a drawer toggled from the top bar below 768 px) and the main content.
 */
export function AppShell({
  brand,
  navigation,
  navigationLabel = 'Main',
  headerEnd,
  skipLinkLabel = 'Skip to content',
  menuButtonLabel = 'Menu',
  className,
  children,
  ...rest
}: AppShellProps) {
  const [open, setOpen] = useState(false);
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    sidebarRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  // Following a link closes the drawer, whatever component renders the link.
  const handleSidebarClick = (event: MouseEvent<HTMLElement>) => {
    if (open && (event.target as Element).closest('a')) close(false);
  };

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Moving focus explicitly: hash navigation alone leaves focus behind in some browsers and
    // would also clash with client-side routers that own the URL.
    const main = document.getElementById(MAIN_ID);
    if (main) {
      event.preventDefault();
      main.focus();
      main.scrollIntoView?.();
    }
  };

  return (
    <div className={cx(styles.root, className)} {...rest}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToMain}>
        {skipLinkLabel}
      </a>
      <header className={styles.topbar}>
        <button
          ref={toggleRef}
          type="button"
          className={styles.menuButton}
          aria-label={menuButtonLabel}
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
        </button>
        <div className={styles.brand}>{brand}</div>
        {headerEnd && <div className={styles.headerEnd}>{headerEnd}</div>}
      </header>
      <div
        className={styles.backdrop}
        data-open={open}
        aria-hidden="true"
        onClick={() => close(true)}
      />
      <nav
        ref={sidebarRef}
        id={sidebarId}
        className={styles.sidebar}
        data-open={open}
        aria-label={navigationLabel}
        onClick={handleSidebarClick}
      >
        <ul className={styles.navList}>
          {navigation.map((item) => (
            <li key={item.href}>
              <AppLink
                href={item.href}
                className={styles.navLink}
                aria-current={item.current ? 'page' : undefined}
              >
                {item.icon && (
                  <span className={styles.navIcon} aria-hidden="true">
                    {item.icon}
                  </span>
                )}
                {item.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <div className={styles.content}>{children}</div>
      </main>
    </div>
  );
}
