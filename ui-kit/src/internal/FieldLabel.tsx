import type { ReactNode } from 'react';
import styles from './Field.module.css';

/** A control's visible label, with a decorative required mark (the control itself carries `required`). */
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
  as?: 'label' | 'span' | 'legend';
}) {
  return (
    <Element htmlFor={Element === 'label' ? htmlFor : undefined} id={id} className={styles.label}>
      {children}
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </Element>
  );
}
