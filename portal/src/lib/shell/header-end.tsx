import type { ReactNode } from 'react';

import styles from './shell.module.css';

/** The end of a shell's header (the partner switcher or search, the user menu), in one row. */
export function HeaderEnd({ children }: { children: ReactNode }) {
  return <div className={styles.headerEnd}>{children}</div>;
}
