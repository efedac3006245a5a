import type { ComponentPropsWithRef } from 'react';
import fieldStyles from '../internal/Field.module.css';
import { FieldLabel } from '../internal/FieldLabel';
import { FieldMessages } from '../internal/FieldMessages';
import { cx } from '../internal/cx';
import { useFieldIds } from '../internal/useFieldIds';
import styles from './DatePicker.module.css';

export interface DatePickerProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'
> {
  /** The visible label. */
  label: string;
  /** The date as `YYYY-MM-DD` (controlled); empty string when none. */
  value?: string;
  /** The initial date (uncontrolled). */
  defaultValue?: string;
  /** Called with `YYYY-MM-DD`, or an empty string when cleared. */
  onValueChange?: (value: string) => void;
  /** Earliest selectable date, `YYYY-MM-DD`. */
  min?: string;
  /** Latest selectable date, `YYYY-MM-DD` (e.g. today in the partner's time zone). */
  max?: string;
  /** Help under the field. */
  hint?: string;
  /** A validation message. */
  error?: string;
}

/**
 * A calendar date input. It uses the browser's date picker: localised, keyboard and screen-reader
 * accessible and touch-friendly everywhere, and it speaks ISO `YYYY-MM-DD` (a day, no time zone).
 */
export function DatePicker({
  label,
  value,
  defaultValue,
  onValueChange,
  hint,
  error,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...rest
}: DatePickerProps) {
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
        type="date"
        className={styles.input}
        value={value}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ariaDescribedBy}
        onChange={(event) => onValueChange?.(event.target.value)}
        {...rest}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
