import * as RadixRadio from '@radix-ui/react-radio-group';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import fieldStyles from '../internal/Field.module.css';
import choice from '../internal/Choice.module.css';
import { FieldLabel } from '../internal/FieldLabel';
import { FieldMessages } from '../internal/FieldMessages';
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
 * move and select. Built on Radix RadioGroup.
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
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  return (
    <div className={cx(styles.root, className)}>
      <FieldLabel as="span" id={labelId} required={required}>
        {label}
      </FieldLabel>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <RadixRadio.Root
        className={styles.options}
        data-orientation={orientation}
        orientation={orientation}
        required={required}
        aria-labelledby={labelId}
        aria-describedby={
          [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        aria-invalid={error ? true : undefined}
        {...rest}
      >
        {options.map((option) => {
          const optionId = `${baseId}-${option.value}`;
          return (
            <div key={option.value} className={choice.row} data-disabled={option.disabled === true}>
              <RadixRadio.Item
                id={optionId}
                value={option.value}
                disabled={option.disabled}
                className={styles.radio}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
              >
                <RadixRadio.Indicator className={styles.dot} />
              </RadixRadio.Item>
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
      <FieldMessages hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
