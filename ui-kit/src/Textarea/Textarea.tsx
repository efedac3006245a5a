import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import fieldStyles from '../internal/Field.module.css';
import { FieldLabel } from '../internal/FieldLabel';
import { FieldMessages } from '../internal/FieldMessages';
import { cx } from '../internal/cx';
import { useFieldIds } from '../internal/useFieldIds';
import styles from './Textarea.module.css';

export interface TextareaProps extends ComponentPropsWithRef<'textarea'> {
  /** The visible label. */
  label: string;
  /** Help under the field, linked with `aria-describedby`. */
  hint?: string;
  /** A validation message; marks the field invalid. */
  error?: string;
  /** Shows "used / maxLength" under the field when `maxLength` is set. */
  showCount?: boolean;
}

/** A labelled multi-line text input (descriptions, comments, answers to information requests). */
export function Textarea({
  label,
  hint,
  error,
  showCount = false,
  id,
  className,
  required,
  maxLength,
  rows = 4,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  ...rest
}: TextareaProps) {
  const { controlId, hintId, errorId, ariaDescribedBy } = useFieldIds({
    id,
    hint,
    error,
    describedBy,
  });
  const countId = `${controlId}-count`;
  const [uncontrolledLength, setUncontrolledLength] = useState(String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : uncontrolledLength;
  const counting = showCount && maxLength !== undefined;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  return (
    <div className={cx(fieldStyles.field, className)}>
      <FieldLabel htmlFor={controlId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={controlId}
        className={styles.textarea}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [ariaDescribedBy, counting ? countId : undefined].filter(Boolean).join(' ') || undefined
        }
        {...rest}
      />
      <div className={styles.footer}>
        <div>
          <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
        </div>
        {counting && (
          <span id={countId} className={styles.count} data-over={length >= maxLength}>
            {length} / {maxLength}
          </span>
        )}
      </div>
    </div>
  );
}
