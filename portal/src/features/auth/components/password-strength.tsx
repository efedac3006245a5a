import { PasswordStrength } from '@partner-portal/ui-kit';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

import type { estimateStrength } from '../password/strength';

import styles from './password-strength.module.css';

type Estimate = typeof estimateStrength;

/** The estimator's chunk, loaded once, on the first screen that shows a meter. */
let estimatorLoad: Promise<Estimate> | undefined;
const loadEstimator = (): Promise<Estimate> => {
  estimatorLoad ??= import('../password/strength').then((module) => module.estimateStrength);
  return estimatorLoad;
};

export interface PasswordStrengthFeedbackProps {
  password: string;
  /** The person's own details (email, name): a password built on them is easy to guess. */
  userInputs?: string[];
}

/**
 * How hard the password would be to guess, with the estimator's advice, for PasswordField's
 * strength slot. A guide only: the rule the server enforces is length and the common-password
 * list, not this score.
 */
export function PasswordStrengthFeedback({
  password,
  userInputs = [],
}: PasswordStrengthFeedbackProps) {
  const deferredPassword = useDeferredValue(password);
  const [estimate, setEstimate] = useState<Estimate>();
  const inputsKey = userInputs.join('\n');

  useEffect(() => {
    let current = true;
    loadEstimator()
      .then((loaded) => {
        if (current) setEstimate(() => loaded);
      })
      .catch((error: unknown) => {
        // The meter is advice; without it the form still works and the server still checks.
        console.warn('The password strength estimator could not be loaded', error);
      });
    return () => {
      current = false;
    };
  }, []);

  const strength = useMemo(
    () =>
      estimate === undefined || deferredPassword === ''
        ? undefined
        : estimate(deferredPassword, inputsKey === '' ? [] : inputsKey.split('\n')),
    [estimate, deferredPassword, inputsKey],
  );

  if (password === '' || strength === undefined) return null;

  const advice = [strength.warning, ...strength.suggestions].filter(
    (line): line is string => line !== undefined && line !== '',
  );
  return (
    <>
      <PasswordStrength score={strength.score} />
      {advice.length > 0 ? <p className={styles.advice}>{advice.join(' ')}</p> : null}
    </>
  );
}
