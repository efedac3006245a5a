import { dictionary } from '@zxcvbn-ts/language-common';
import { ProblemException } from '../common/problem-details.js';

export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

/** The ~49,000 most common passwords of zxcvbn-ts (lower case), shipped with the package. */
let commonPasswords: ReadonlySet<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as readonly string[]).map((entry) => entry.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = (): number => {
  isCommon('');
  return commonPasswords?.size ?? 0;
};

/**
 * The password rule of docs/product.md §5 (NIST SP 800-63B-4, single factor): 15–128 characters counted as
 * code points, nothing truncated, not a common password, not containing the e-mail's local part; no
 * composition rules. Answers the problems, empty when the password is acceptable.
 */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    problems.push(`password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  } else if (length > PASSWORD_MAX_LENGTH) {
    problems.push(`password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  }
  if (isCommon(password)) problems.push('password is too common');
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    problems.push('password must not contain your e-mail address');
  }
  return problems;
}

/** The rule at the edge of a flow that sets a password: 400 `validation`, one entry per problem. */
export function assertAcceptablePassword(password: string, email: string): void {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) {
    throw new ProblemException(
      400,
      'validation',
      'The request is invalid.',
      problems.map((message) => ({ field: 'password', message })),
    );
  }
}
