import type { ComponentPropsWithRef } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
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
export function DatePicker({ onValueChange, ...props }: DatePickerProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  return (
    <FormField {...fieldProps}>
      {(field) => (
        <input
          {...field}
          type="date"
          className={styles.input}
          onChange={(event) => onValueChange?.(event.target.value)}
          {...rest}
        />
      )}
    </FormField>
  );
}
