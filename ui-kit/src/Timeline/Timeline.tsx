import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { BadgeTone } from '../Badge/Badge';
import { cx } from '../internal/cx';
import styles from './Timeline.module.css';

/** One event of a Timeline. */
export interface TimelineItem {
  /** Stable key. */
  id: string;
  /** What happened: "Submitted", "Info requested". */
  title: ReactNode;
  /** When: usually a DateTime element. */
  timestamp: ReactNode;
  /** Who did it. */
  actor?: ReactNode;
  /** Details, or the text of a comment. */
  body?: ReactNode;
  /** `comment` frames the body as a quoted message. */
  variant?: 'event' | 'comment';
  /** Colour of the marker (use the StatusPill tone of the status it moved to). */
  tone?: BadgeTone;
  /** A decorative icon in the marker instead of the dot. */
  icon?: ReactNode;
}

export interface TimelineProps extends Omit<ComponentPropsWithRef<'ol'>, 'children'> {
  /** The events, oldest first (or newest first: the list keeps the given order). */
  items: TimelineItem[];
  /** Accessible name of the list, e.g. "Claim history". */
  'aria-label'?: string;
}

/** A chronological list of events and comments (a claim's history). */
export function Timeline({ items, className, ...rest }: TimelineProps) {
  return (
    <ol className={cx(styles.root, className)} {...rest}>
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          <span className={styles.marker} data-tone={item.tone ?? 'neutral'} aria-hidden="true">
            {item.icon ?? <span className={styles.dot} />}
          </span>
          <div className={styles.content}>
            <div className={styles.header}>
              <span className={styles.title}>{item.title}</span>
              {item.actor && <span className={styles.meta}>by {item.actor}</span>}
              <span className={styles.meta}>{item.timestamp}</span>
            </div>
            {item.body && (
              <div className={styles.body} data-variant={item.variant ?? 'event'}>
                {item.body}
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
