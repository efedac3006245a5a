import styles from './staff.module.css';

/**
 * A cell of the queue cut to its column (nine columns fit a 1280 px screen): each line ends in an
 * ellipsis when it is too long, and the whole text is the cell's title.
 */
export function CompactCell({ primary, secondary }: { primary: string; secondary?: string }) {
  return (
    <span
      className={styles.compact}
      title={secondary === undefined ? primary : `${primary} · ${secondary}`}
    >
      <span className={styles.primary}>{primary}</span>
      {secondary === undefined ? null : <span className={styles.secondary}>{secondary}</span>}
    </span>
  );
}
