import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';

/*
 * The strength estimate, loaded only by the screens that choose a password: the dictionaries weigh
 * several hundred kilobytes that no other screen should download.
 */

const estimator = new ZxcvbnFactory({
  dictionary,
  graphs: adjacencyGraphs,
  translations,
});

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  /** Why it is weak, when it is ("This is a top-100 common password."). */
  warning: string | undefined;
  suggestions: string[];
}

/** Scores a password, treating the person's own details (email, name) as easy guesses. */
export function estimateStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const result = estimator.check(password, userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning ?? undefined,
    suggestions: result.feedback.suggestions,
  };
}
