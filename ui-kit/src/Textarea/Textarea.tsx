import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { joinIds } from '../internal/joinIds';
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
  showCount = false,
  maxLength,
  rows = 4,
  value,
  defaultValue,
  onChange,
  ...props
}: TextareaProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  const [uncontrolledLength, setUncontrolledLength] = useState(String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : uncontrolledLength;
  const counting = showCount && maxLength !== undefined;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  return (
    <FormField {...fieldProps}>
      {(field) => (
        <>
          <textarea
            {...field}
            aria-describedby={joinIds(field['aria-describedby'], counting && `${field.id}-count`)}
            className={styles.textarea}
            rows={rows}
            maxLength={maxLength}
            value={value}
            defaultValue={defaultValue}
            onChange={handleChange}
            {...rest}
          />
          {counting && (
            <span id={`${field.id}-count`} className={styles.count} data-over={length >= maxLength}>
              {length} / {maxLength}
            </span>
          )}
        </>
      )}
    </FormField>
  );
}
