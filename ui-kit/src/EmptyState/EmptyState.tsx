import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import styles from './EmptyState.module.css';

export interface EmptyStateProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  /** What is empty, as a heading: "No claims yet", "No items match these filters". */
  title: string;
  /** Why it is empty and what to do next. */
  description?: ReactNode;
  /** A decorative illustration or icon (hidden from assistive technology). */
  icon?: ReactNode;
  /** The way forward: a primary button ("New claim") or a link ("Clear filters"). */
  action?: ReactNode;
  /** Level of the title's heading element. */
  headingLevel?: 2 | 3;
}

/** Fills a list, table or page that has nothing to show, and says what to do about it. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
  ...rest
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.root, className)} {...rest}>
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {description && <div className={styles.description}>{description}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
