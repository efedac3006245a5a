import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordRuleBreak } from './password-rule';

/*
 * The strength estimate, loaded only by the screens that choose a password: the dictionaries weigh
 * several hundred kilobytes that no other screen should download.
 */

const estimator = new ZxcvbnFactory({
  dictionary,
  graphs: adjacencyGraphs,
  translations,
});

/** The ~49,000 most common passwords, lower case: the list the BFF refuses (docs/product.md §5). */
let commonPasswords: ReadonlySet<string> | undefined;
const isCommon = (password: string): boolean => {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as readonly string[]).map((entry) => entry.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
};

/** Why the server would refuse the password, in the meter's words, or undefined. */
function refusal(password: string, email: string | undefined): string | undefined {
  switch (passwordRuleBreak(password, email)) {
    case 'short':
      return `The server needs at least ${PASSWORD_MIN_LENGTH} characters (${[...password].length} so far).`;
    case 'long':
      return `The server takes at most ${PASSWORD_MAX_LENGTH} characters.`;
    case 'email':
      return 'The server refuses a password that contains your email address.';
    case undefined:
      return isCommon(password)
        ? 'The server refuses the most common passwords, and this is one.'
        : undefined;
  }
}

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  /**
   * Why the server would refuse it (length, the e-mail's local part, the common list): then the
   * score is 0, whatever a guesser would make of it.
   */
  refused: string | undefined;
  /** Why it is weak, when it is ("This is a top-100 common password."). */
  warning: string | undefined;
  suggestions: string[];
}

/**
 * Scores a password, treating the person's own details (email, name) as easy guesses; a password
 * the server's rule refuses scores 0 with the reason, so the meter never praises one the server
 * would then turn down. `email` is the account's, when the screen knows it.
 */
export function estimateStrength(
  password: string,
  { email, userInputs = [] }: { email?: string; userInputs?: string[] } = {},
): PasswordStrength {
  const refused = refusal(password, email);
  if (refused !== undefined) return { score: 0, refused, warning: undefined, suggestions: [] };
  const result = estimator.check(password, userInputs);
  return {
    score: result.score,
    refused: undefined,
    warning: result.feedback.warning ?? undefined,
    suggestions: result.feedback.suggestions,
  };
}
