import * as RadixRadio from '@radix-ui/react-radio-group';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
import choice from '../internal/Choice.module.css';
import { cx } from '../internal/cx';
import styles from './RadioGroup.module.css';

/** One choice of a RadioGroup. */
export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps extends Omit<
  ComponentPropsWithRef<typeof RadixRadio.Root>,
  'children' | 'asChild' | 'dir'
> {
  /** The question the choices answer; names the group. */
  label: string;
  /** The choices. */
  options: RadioOption[];
  /** Help under the label. */
  hint?: string;
  /** A validation message. */
  error?: string;
  /** Selected value (controlled). */
  value?: string;
  /** Initially selected value (uncontrolled). */
  defaultValue?: string;
  /** Called with the newly selected value. */
  onValueChange?: (value: string) => void;
  /** Stack the options or lay them out in a row. */
  orientation?: 'vertical' | 'horizontal';
}

/**
 * A set of mutually exclusive choices. Tab enters the group at the selected option, arrow keys
 * move and select. Built on Radix RadioGroup; the checked dot is drawn in CSS from the item's
 * `data-state` (Radix's Indicator mounts through `Presence`, which reads the computed style of the
 * dot in a commit: a forced style recalculation on every page that shows a radio group).
 */
export function RadioGroup({
  label,
  options,
  hint,
  error,
  orientation = 'vertical',
  required,
  className,
  ...rest
}: RadioGroupProps) {
  return (
    <FormField
      {...{ label, hint, error, required }}
      className={cx(styles.root, className)}
      labelling="group"
      hintPlacement="label"
    >
      {(field) => (
        <RadixRadio.Root
          {...field}
          className={styles.options}
          data-orientation={orientation}
          orientation={orientation}
          {...rest}
        >
          {options.map((option) => {
            const optionId = `${field.id}-${option.value}`;
            return (
              <div
                key={option.value}
                className={choice.row}
                data-disabled={option.disabled === true}
              >
                <RadixRadio.Item
                  id={optionId}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.radio}
                  aria-describedby={option.description ? `${optionId}-description` : undefined}
                />
                <div className={choice.text}>
                  <label htmlFor={optionId} className={choice.label}>
                    {option.label}
                  </label>
                  {option.description && (
                    <p id={`${optionId}-description`} className={choice.description}>
                      {option.description}
                    </p>
                  )}
                </div>
              </div>
            );
          })}
        </RadixRadio.Root>
      )}
    </FormField>
  );
}
