import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import choice from '../internal/Choice.module.css';
import { FieldMessages } from '../internal/FieldMessages';
import { CheckIcon } from '../internal/icons';
import { VisuallyHidden } from '../internal/VisuallyHidden';
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
export function Checkbox({
  label,
  hideLabel = false,
  description,
  error,
  id,
  className,
  disabled,
  'aria-describedby': describedBy,
  ...rest
}: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const ariaDescribedBy =
    [describedBy, description ? descriptionId : undefined, error ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={className}>
      <div className={choice.row} data-disabled={disabled === true}>
        <RadixCheckbox.Root
          id={controlId}
          className={styles.box}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ariaDescribedBy}
          {...rest}
        >
          <RadixCheckbox.Indicator className={styles.indicator}>
            <span className={styles.dash} data-glyph="indeterminate" />
            <CheckIcon data-glyph="checked" />
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        {hideLabel ? (
          <VisuallyHidden>
            <label htmlFor={controlId}>{label}</label>
          </VisuallyHidden>
        ) : (
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
        )}
      </div>
      <FieldMessages hintId={`${controlId}-hint`} error={error} errorId={errorId} />
    </div>
  );
}
