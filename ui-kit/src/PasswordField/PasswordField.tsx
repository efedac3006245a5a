import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { IconButton } from '../IconButton/IconButton';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { cx } from '../internal/cx';
import { EyeIcon, EyeOffIcon } from '../internal/icons';
import { joinIds } from '../internal/joinIds';
import styles from './PasswordField.module.css';

export interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** The visible label. */
  label: string;
  /** Help under the field (the password rules). */
  hint?: string;
  /** A validation message; marks the field invalid. */
  error?: string;
  /** Accessible name of the show/hide toggle (a toggle button: its pressed state says whether the password shows). */
  toggleLabel?: string;
  /** A strength meter or rules checklist under the input, e.g. `<PasswordStrength score={3} />`. */
  strength?: ReactNode;
}

/**
 * A password input with a show/hide toggle and a slot for strength feedback. Set `autoComplete`
 * to `current-password` (sign in) or `new-password` (reset, invitation).
 */
export function PasswordField({
  toggleLabel = 'Show password',
  strength,
  ...props
}: PasswordFieldProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  const [visible, setVisible] = useState(false);
  return (
    <FormField {...fieldProps}>
      {(field) => (
        <>
          <div className={styles.wrapper}>
            <input
              type={visible ? 'text' : 'password'}
              {...field}
              className={styles.input}
              spellCheck={false}
              autoCapitalize="off"
              aria-describedby={joinIds(
                field['aria-describedby'],
                strength ? `${field.id}-strength` : undefined,
              )}
              {...rest}
            />
            <IconButton
              className={styles.toggle}
              size="sm"
              label={toggleLabel}
              aria-pressed={visible}
              aria-controls={field.id}
              icon={visible ? <EyeOffIcon /> : <EyeIcon />}
              onClick={() => setVisible((value) => !value)}
            />
          </div>
          {strength && <div id={`${field.id}-strength`}>{strength}</div>}
        </>
      )}
    </FormField>
  );
}

export interface PasswordStrengthProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** Strength from 0 (very weak) to 4 (very strong), e.g. from zxcvbn or the server's rules. */
  score: 0 | 1 | 2 | 3 | 4;
  /** Words for each score, index 0 to 4. */
  labels?: [string, string, string, string, string];
  /** Text before the word, for screen readers and sighted users alike. */
  prefix?: string;
}

const defaultLabels: [string, string, string, string, string] = [
  'Very weak',
  'Weak',
  'Fair',
  'Strong',
  'Very strong',
];

/** A four-segment strength meter with its wording, announced politely as the score changes. */
export function PasswordStrength({
  score,
  labels = defaultLabels,
  prefix = 'Password strength:',
  className,
  ...rest
}: PasswordStrengthProps) {
  return (
    <div className={cx(styles.strength, className)} data-score={score} {...rest}>
      <div className={styles.meter} aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} className={styles.segment} data-filled={score >= segment} />
        ))}
      </div>
      <p className={styles.strengthText} aria-live="polite">
        {prefix} <span className={styles.strengthLabel}>{labels[score]}</span>
      </p>
    </div>
  );
}
