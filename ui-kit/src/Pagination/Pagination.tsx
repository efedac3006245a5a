import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Button } from '../Button/Button';
import buttonStyles from '../Button/Button.module.css';
import { cx } from '../internal/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '../internal/icons';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './Pagination.module.css';

export interface PaginationProps extends ComponentPropsWithRef<'nav'> {
  /** Whether an earlier page exists. */
  hasPrevious: boolean;
  /** Whether a later page exists (the API returned a next cursor). */
  hasNext: boolean;
  /** Called for the previous page (button mode). */
  onPrevious?: () => void;
  /** Called for the next page (button mode). */
  onNext?: () => void;
  /** URL of the previous page (link mode: cursors in the URL, so pages can be shared). */
  previousHref?: string;
  /** URL of the next page (link mode). */
  nextHref?: string;
  /** Status text, e.g. "Showing 26–50 of 1,204" or "Page 2". */
  summary?: ReactNode;
  /** Shows busy buttons while the next page loads. */
  loading?: boolean;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Labels of the two controls. */
  previousLabel?: string;
  nextLabel?: string;
}

/**
 * Previous/next navigation for cursor (keyset) pagination, where page numbers do not exist.
 * Works with callbacks or with hrefs carrying the cursor in the URL.
 */
export function Pagination({
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  previousHref,
  nextHref,
  summary,
  loading = false,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  className,
  ...rest
}: PaginationProps) {
  const control = (
    direction: 'previous' | 'next',
    enabled: boolean,
    href: string | undefined,
    onClick: (() => void) | undefined,
  ) => {
    const text = direction === 'previous' ? previousLabel : nextLabel;
    const content =
      direction === 'previous' ? (
        <>
          <ChevronLeftIcon />
          {text}
        </>
      ) : (
        <>
          {text}
          <ChevronRightIcon />
        </>
      );
    if (href && enabled) {
      return (
        <AppLink
          href={href}
          rel={direction === 'previous' ? 'prev' : 'next'}
          className={cx(buttonStyles.root)}
          data-variant="secondary"
          data-size="sm"
        >
          {content}
        </AppLink>
      );
    }
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled={!enabled}
        loading={loading && enabled}
        onClick={onClick}
      >
        {content}
      </Button>
    );
  };

  return (
    <nav aria-label={label} className={cx(styles.root, className)} {...rest}>
      {summary && (
        <p className={styles.summary} aria-live="polite">
          {summary}
        </p>
      )}
      <div className={styles.controls}>
        {control('previous', hasPrevious, previousHref, onPrevious)}
        {control('next', hasNext, nextHref, onNext)}
      </div>
    </nav>
  );
}
