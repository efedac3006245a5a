import { useId, type ComponentPropsWithRef, type ReactNode, type Ref } from 'react';
import { cx } from '../internal/cx';
import styles from './Card.module.css';

export interface CardProps extends Omit<ComponentPropsWithRef<'section'>, 'title'> {
  /** Heading of the card. When present the card is a `<section>` named by this heading. */
  title?: ReactNode;
  /** Level of the title's heading element, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Controls shown at the end of the header (buttons, links, a menu). */
  actions?: ReactNode;
  /** Inner spacing of the body; `none` for edge-to-edge content such as tables. */
  padding?: 'none' | 'sm' | 'md';
  /** The card's content. */
  children?: ReactNode;
}

/** A bordered surface grouping related content, optionally titled. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title != null || actions != null;
  const content = (
    <>
      {hasHeader && (
        <div className={styles.header}>
          {title != null && (
            <Heading id={headingId} className={styles.title}>
              {title}
            </Heading>
          )}
          {actions != null && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      <div className={styles.body}>{children}</div>
    </>
  );

  if (title == null) {
    const { ref, ...divProps } = rest;
    return (
      <div
        ref={ref as Ref<HTMLDivElement>}
        className={cx(styles.root, className)}
        data-padding={padding}
        {...divProps}
      >
        {content}
      </div>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className={cx(styles.root, className)}
      data-padding={padding}
      {...rest}
    >
      {content}
    </section>
  );
}
