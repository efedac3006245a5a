import type { ComponentPropsWithRef } from 'react';
import fieldStyles from '../internal/Field.module.css';
import { FieldLabel } from '../internal/FieldLabel';
import { FieldMessages } from '../internal/FieldMessages';
import { cx } from '../internal/cx';
import { useFieldIds } from '../internal/useFieldIds';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  /** The visible label. Every field has one; placeholders are not labels. */
  label: string;
  /** Help shown under the input and linked to it with `aria-describedby`. */
  hint?: string;
  /** A validation message. Marks the input `aria-invalid` and is announced when it appears. */
  error?: string;
  /** Control height. */
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A labelled single-line text input. The `ref` and every native input prop reach the `<input>`;
 * `className` is applied to the field's root element.
 */
export function TextField({
  label,
  hint,
  error,
  size = 'md',
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const { controlId, hintId, errorId, ariaDescribedBy } = useFieldIds({
    id,
    hint,
    error,
    describedBy,
  });
  return (
    <div className={cx(fieldStyles.field, className)}>
      <FieldLabel htmlFor={controlId} required={required}>
        {label}
      </FieldLabel>
      <input
        id={controlId}
        className={styles.input}
        data-size={size}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ariaDescribedBy}
        {...rest}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
