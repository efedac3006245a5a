import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { ChevronDownIcon } from '../internal/icons';
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
export function Select({ options, placeholder, size = 'md', children, ...props }: SelectProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  return (
    <FormField {...fieldProps}>
      {(field) => (
        <div className={styles.wrapper}>
          <select {...field} className={styles.select} data-size={size} {...rest}>
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
      )}
    </FormField>
  );
}
