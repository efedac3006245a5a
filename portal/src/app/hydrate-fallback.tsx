import { Spinner } from '@partner-portal/ui-kit';

import styles from './hydrate-fallback.module.css';

/** Shown while the first screen's code loads. */
export function HydrateFallback() {
  return (
    <div className={styles.page}>
      <Spinner label="Loading Partner Portal" />
    </div>
  );
}
