import type { ReactNode } from 'react';
import styles from './Field.module.css';
import { AlertIcon } from './icons';

/** The hint and the error under a control. The error is announced when it appears. */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: ReactNode;
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className={styles.error}>
            <AlertIcon />
            <span>{error}</span>
          </p>
        )}
      </div>
    </>
  );
}
