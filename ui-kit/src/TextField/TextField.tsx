import type { ComponentPropsWithRef } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
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
export function TextField({ size = 'md', ...props }: TextFieldProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  return (
    <FormField {...fieldProps}>
      {(field) => <input {...field} className={styles.input} data-size={size} {...rest} />}
    </FormField>
  );
}
