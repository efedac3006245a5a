import type { ComponentPropsWithRef, ReactNode } from 'react';
import fieldStyles from '../internal/Field.module.css';
import { FieldLabel } from '../internal/FieldLabel';
import { FieldMessages } from '../internal/FieldMessages';
import { cx } from '../internal/cx';
import { ChevronDownIcon } from '../internal/icons';
import { useFieldIds } from '../internal/useFieldIds';
import styles from './Select.module.css';

/** One option of a Select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size'> {
  /** The visible label. */
  label: string;
  /** Hides the label visually (toolbars, filter bars); it still names the control. */
  hideLabel?: boolean;
  /** The options; alternatively pass `<option>`/`<optgroup>` children. */
  options?: SelectOption[];
  /** A first option with an empty value, e.g. "All statuses" or "Choose a warehouse". */
  placeholder?: string;
  /** Help under the field. */
  hint?: string;
  /** A validation message; marks the field invalid. */
  error?: string;
  /** Control height. */
  size?: 'sm' | 'md';
  /** Custom options when `options` is not enough. */
  children?: ReactNode;
}

/**
 * A labelled native select: the platform's own picker, accessible and fast on every device. Use
 * Combobox when the list is long or searched on the server.
 */
export function Select({
  label,
  hideLabel = false,
  options,
  placeholder,
  hint,
  error,
  size = 'md',
  id,
  className,
  required,
  children,
  'aria-describedby': describedBy,
  ...rest
}: SelectProps) {
  const { controlId, hintId, errorId, ariaDescribedBy } = useFieldIds({
    id,
    hint,
    error,
    describedBy,
  });
  return (
    <div className={cx(fieldStyles.field, className)}>
      {hideLabel ? null : (
        <FieldLabel htmlFor={controlId} required={required}>
          {label}
        </FieldLabel>
      )}
      <div className={styles.wrapper}>
        <select
          id={controlId}
          className={styles.select}
          data-size={size}
          required={required}
          aria-label={hideLabel ? label : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ariaDescribedBy}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <span className={styles.chevron} aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
