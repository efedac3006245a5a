import * as RadixSwitch from '@radix-ui/react-switch';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
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
export function Switch({
  label,
  description,
  id,
  className,
  disabled,
  'aria-describedby': describedBy,
  ...rest
}: SwitchProps) {
  return (
    <FormField
      {...{ label, disabled, className }}
      layout="inline"
      hint={description}
      controlId={id}
      describedBy={describedBy}
    >
      {(field) => (
        <RadixSwitch.Root {...field} className={styles.track} disabled={disabled} {...rest}>
          <RadixSwitch.Thumb className={styles.thumb} />
        </RadixSwitch.Root>
      )}
    </FormField>
  );
}
