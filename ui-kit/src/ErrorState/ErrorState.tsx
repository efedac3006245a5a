import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Button } from '../Button/Button';
import { cx } from '../internal/cx';
import { AlertIcon } from '../internal/icons';
import styles from './ErrorState.module.css';

export interface ErrorStateProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  /** What failed, as a heading. */
  title?: string;
  /** What the person can do about it. */
  description?: ReactNode;
  /** Shows a retry button calling this. */
  onRetry?: () => void;
  /** Label of the retry button. */
  retryLabel?: string;
  /** Marks the retry button busy while a retry is running. */
  retrying?: boolean;
  /** Extra actions (a link home, contact support). */
  action?: ReactNode;
  /** Technical reference for support, e.g. the request id. */
  details?: ReactNode;
  /** Level of the title's heading element. */
  headingLevel?: 2 | 3;
  /** Announce the error when it appears (`role="alert"`), for errors replacing content in place. */
  announce?: boolean;
}

/** Replaces content that failed to load, says so plainly, and offers a way forward. */
export function ErrorState({
  title = 'Something went wrong',
  description = 'The data could not be loaded. Check your connection and try again.',
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
  action,
  details,
  headingLevel = 2,
  announce = false,
  className,
  ...rest
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div role={announce ? 'alert' : undefined} className={cx(styles.root, className)} {...rest}>
      <div className={styles.icon} aria-hidden="true">
        <AlertIcon />
      </div>
      <Heading className={styles.title}>{title}</Heading>
      {description && <div className={styles.description}>{description}</div>}
      {(onRetry || action) && (
        <div className={styles.action}>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              {retryLabel}
            </Button>
          )}
          {action}
        </div>
      )}
      {details && <p className={styles.details}>{details}</p>}
    </div>
  );
}
