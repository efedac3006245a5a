/*
 * The password rule of docs/product.md §5, mirrored so a person hears about a problem before sending:
 * 15–128 characters, not containing the local part of their email. No composition rules. The
 * common-password list (the BFF's, @zxcvbn-ts/language-common) is checked by the strength meter's
 * chunk (strength.ts), which loads it anyway. The server is the authority on all of this.
 */

export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

/** Length in characters as a person counts them (code points, so an emoji is one). */
const lengthOf = (value: string): number => [...value].length;

export interface PasswordProblems {
  password?: string;
  confirmation?: string;
}

export interface PasswordInput {
  password: string;
  confirmation: string;
  /** The person's email, when the screen knows it. */
  email?: string;
}

/** The local part of an email, only when long enough to mean something inside a password. */
const localPartOf = (email: string | undefined): string | undefined => {
  const local = email?.split('@')[0]?.trim().toLowerCase();
  return local !== undefined && local.length >= 3 ? local : undefined;
};

/** Which part of the rule (without the common list) a non-empty password breaks, if any. */
export type PasswordRuleBreak = 'short' | 'long' | 'email';

export function passwordRuleBreak(password: string, email?: string): PasswordRuleBreak | undefined {
  const length = lengthOf(password);
  const local = localPartOf(email);
  if (length < PASSWORD_MIN_LENGTH) return 'short';
  if (length > PASSWORD_MAX_LENGTH) return 'long';
  if (local !== undefined && password.toLowerCase().includes(local)) return 'email';
  return undefined;
}

/** How the form says each break, beside the field. */
const ruleMessages = (length: number): Record<PasswordRuleBreak, string> => ({
  short: `Use at least ${PASSWORD_MIN_LENGTH} characters (${length} so far).`,
  long: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  email: 'Do not use your email address in your password.',
});

export function passwordProblems({
  password,
  confirmation,
  email,
}: PasswordInput): PasswordProblems {
  const problems: PasswordProblems = {};
  const broken = passwordRuleBreak(password, email);
  if (password === '') problems.password = 'Enter a new password.';
  else if (broken !== undefined) problems.password = ruleMessages(lengthOf(password))[broken];

  if (confirmation === '') problems.confirmation = 'Repeat the new password.';
  else if (confirmation !== password) problems.confirmation = 'The two passwords do not match.';

  return problems;
}

export const passwordHint = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A few unrelated words make a strong one.`;
