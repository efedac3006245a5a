import { ApiError } from '@/lib/api-client';

/** The API's per-field messages for the fields a form shows, by field name. */
export function apiFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  const found: Partial<Record<Field, string>> = {};
  for (const { field, message } of error.errors) {
    const known = fields.find((name) => name === field);
    if (known !== undefined && found[known] === undefined) found[known] = message;
  }
  return found;
}

/** "in 15 minutes", "in 30 seconds", "in a moment": when a throttled request may be tried again. */
export function formatRetryAfter(seconds: number | undefined): string {
  if (seconds === undefined || seconds <= 0) return 'in a moment';
  if (seconds < 60) return seconds === 1 ? 'in 1 second' : `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client-side check of an email field; the API has the final word. */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your email address.';
  if (!EMAIL.test(email.trim())) return 'Enter an email address like name@example.com.';
  return undefined;
}
