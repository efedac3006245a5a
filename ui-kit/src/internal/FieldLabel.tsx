import type { ReactNode } from 'react';
import styles from './Field.module.css';

/**
 * A control's visible label. The required mark sits beside the label element, not inside it, so
 * the label's text (and `getByLabelText`) is exactly the label; `required` on the control is what
 * assistive technology announces.
 */
export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
  as: Element = 'label',
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
  as?: 'label' | 'span';
}) {
  return (
    <span className={styles.labelRow}>
      <Element htmlFor={Element === 'label' ? htmlFor : undefined} id={id} className={styles.label}>
        {children}
      </Element>
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}
