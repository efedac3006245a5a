import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import choice from '../internal/Choice.module.css';
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
export function Switch({ label, description, id, className, disabled, ...rest }: SwitchProps) {
  const generated = useId();
  const controlId = id ?? `switch-${generated}`;
  const descriptionId = `${controlId}-description`;
  return (
    <div
      className={[choice.row, className].filter(Boolean).join(' ')}
      data-disabled={disabled === true}
    >
      <RadixSwitch.Root
        id={controlId}
        className={styles.track}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        {...rest}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      <div className={choice.text}>
        <label htmlFor={controlId} className={choice.label}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className={choice.description}>
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
