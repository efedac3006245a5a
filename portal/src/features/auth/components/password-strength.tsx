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
  /** The account's e-mail, when the screen knows it: the server refuses its local part. */
  email?: string;
}

/** The meter's words, with a password the server would refuse said as such, not "Very weak". */
const REFUSED_LABELS: [string, string, string, string, string] = [
  'Not accepted',
  'Weak',
  'Fair',
  'Strong',
  'Very strong',
];

/**
 * How hard the password would be to guess, with the estimator's advice, for PasswordField's
 * strength slot. It knows the server's rule first (length, the e-mail's local part, the
 * common-password list): a password the server would refuse reads "Not accepted" with the reason,
 * never a strength.
 */
export function PasswordStrengthFeedback({
  password,
  userInputs = [],
  email,
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
        : estimate(deferredPassword, {
            email,
            userInputs: inputsKey === '' ? [] : inputsKey.split('\n'),
          }),
    [estimate, deferredPassword, inputsKey, email],
  );

  if (password === '' || strength === undefined) return null;

  const advice = [strength.refused, strength.warning, ...strength.suggestions].filter(
    (line): line is string => line !== undefined && line !== '',
  );
  return (
    <>
      <PasswordStrength
        score={strength.score}
        labels={strength.refused === undefined ? undefined : REFUSED_LABELS}
      />
      {advice.length > 0 ? <p className={styles.advice}>{advice.join(' ')}</p> : null}
    </>
  );
}
