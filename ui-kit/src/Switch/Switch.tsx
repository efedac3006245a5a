import * as RadixSwitch from '@radix-ui/react-switch';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import styles from './Switch.module.css';

export interface SwitchProps extends Omit<
  ComponentPropsWithRef<typeof RadixSwitch.Root>,
  'children' | 'asChild'
> {
  /** What the switch turns on or off. */
  label: ReactNode;
  /** A muted second line under the label. */
  description?: ReactNode;
  /** On state (controlled). */
  checked?: boolean;
  /** Initial state (uncontrolled). */
  defaultChecked?: boolean;
  /** Called with the new state, immediately: switches apply at once, without a Save button. */
  onCheckedChange?: (checked: boolean) => void;
}

/** An on/off setting that takes effect immediately. Built on Radix Switch. */
export function Switch({ description, disabled, ...props }: SwitchProps) {
  const [fieldProps, rest] = splitFieldProps({ ...props, hint: description });
  return (
    <FormField {...fieldProps} layout="inline" disabled={disabled}>
      {(field) => (
        <RadixSwitch.Root {...field} className={styles.track} disabled={disabled} {...rest}>
          <RadixSwitch.Thumb className={styles.thumb} />
        </RadixSwitch.Root>
      )}
    </FormField>
  );
}
