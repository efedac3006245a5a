import { useId, type Ref } from 'react';

import styles from './auth-layout.module.css';

export interface TermsCheckboxProps {
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** "I accept the terms of use" (field `terms`), required to create an account. */
export function TermsCheckbox({ error, ref }: TermsCheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label className={styles.checkbox} htmlFor={id}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          name="terms"
          value="accepted"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        I accept the terms of use and the privacy notice
      </label>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
