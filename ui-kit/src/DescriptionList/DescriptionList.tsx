import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import styles from './DescriptionList.module.css';

/** One term and its description. */
export interface DescriptionListItem {
  /** The name of the property: "Reference". */
  term: ReactNode;
  /** Its value; pass an em dash or "Not set" rather than nothing. */
  description: ReactNode;
  /** A stable key when terms are not unique strings. */
  key?: string;
}

export interface DescriptionListProps extends Omit<ComponentPropsWithRef<'dl'>, 'children'> {
  /** The pairs to show, in order. */
  items: DescriptionListItem[];
  /** `inline`: term beside value (stacks on phones); `stacked`: term above value; `grid`: stacked pairs in columns. */
  layout?: 'inline' | 'stacked' | 'grid';
}

/** Properties of one thing (a claim, an item) as a `<dl>` of terms and descriptions. */
export function DescriptionList({
  items,
  layout = 'inline',
  className,
  ...rest
}: DescriptionListProps) {
  return (
    <dl className={cx(styles.root, className)} data-layout={layout} {...rest}>
      {items.map((item, index) => (
        <div
          key={item.key ?? (typeof item.term === 'string' ? item.term : index)}
          className={styles.item}
        >
          <dt className={styles.term}>{item.term}</dt>
          <dd className={styles.details}>{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}
