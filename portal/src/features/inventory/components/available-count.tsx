import { formatCount, formatSignedCount } from '@/lib/format';

import styles from './cells.module.css';

/**
 * Available is on hand less reserved (docs/product.md §3): reservations beyond the stock make it
 * negative, and the screen says so ("−4 (over-reserved)") rather than hiding it behind a zero; the
 * stock state of such an item is "out".
 */
export function AvailableCount({ available }: { available: number }) {
  if (available >= 0) return formatCount(available);
  return (
    <span className={styles.nowrap}>
      {formatSignedCount(available)} <span className={styles.overReserved}>(over-reserved)</span>
    </span>
  );
}
