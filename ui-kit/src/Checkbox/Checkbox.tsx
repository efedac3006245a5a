import * as RadixCheckbox from '@radix-ui/react-checkbox';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { CheckIcon } from '../internal/icons';
import styles from './Checkbox.module.css';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends Omit<
  ComponentPropsWithRef<typeof RadixCheckbox.Root>,
  'children' | 'asChild'
> {
  /** The label next to the box. */
  label: ReactNode;
  /** Shows the label to screen readers only (e.g. "Select row" in a table). */
  hideLabel?: boolean;
  /** A muted second line under the label. */
  description?: ReactNode;
  /** A validation message (e.g. "Accept the terms to continue"). */
  error?: string;
  /** Checked state (controlled); `'indeterminate'` for a partially selected group. */
  checked?: CheckedState;
  /** Initial state (uncontrolled). */
  defaultChecked?: CheckedState;
  /** Called with the new state. */
  onCheckedChange?: (checked: CheckedState) => void;
}

/**
 * A labelled checkbox, tri-state capable. Takes part in native forms through `name`/`value`.
 * Built on Radix Checkbox; `className` styles the row, other props reach the control.
 */
export function Checkbox({ description, disabled, ...props }: CheckboxProps) {
  const [fieldProps, rest] = splitFieldProps({ ...props, hint: description });
  return (
    <FormField {...fieldProps} layout="inline" disabled={disabled}>
      {(field) => (
        <RadixCheckbox.Root {...field} className={styles.box} disabled={disabled} {...rest}>
          <RadixCheckbox.Indicator className={styles.indicator}>
            <span className={styles.dash} data-glyph="indeterminate" />
            <CheckIcon data-glyph="checked" />
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
      )}
    </FormField>
  );
}
