import { ApiError } from './api-client';

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

/**
 * What a refused request (400) says that no field of the form can show: the messages of the fields
 * it does not have (a movement, a header), or the problem's detail when it names no field at all.
 * Undefined when every message has its field, or for any other failure.
 */
export function unplacedApiErrors(error: unknown, fields: readonly string[]): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  if (error.errors.length === 0) return error.detail ?? error.title;
  const elsewhere = error.errors.filter(({ field }) => !fields.includes(field));
  return elsewhere.length === 0 ? undefined : elsewhere.map(({ message }) => message).join(' ');
}

/** "in 15 minutes", "in 30 seconds", "in a moment": when a throttled request may be tried again. */
export function formatRetryAfter(seconds: number | undefined): string {
  if (seconds === undefined || seconds <= 0) return 'in a moment';
  if (seconds < 60) return seconds === 1 ? 'in 1 second' : `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

export const NETWORK_PROBLEM =
  'We could not reach the server. Check your connection and try again.';
export const SERVER_PROBLEM = 'Something went wrong on our side. Try again in a moment.';
/** A 403 `csrf`: the page's CSRF cookie or origin no longer matches; a reload fetches a fresh one. */
export const CSRF_PROBLEM = 'Your session security check failed. Reload the page and try again.';

/** What a screen says for one status: its own words, or `null` when the screen shows it elsewhere. */
export type ApiProblemMessage = string | null | ((error: ApiError) => string | null);

export interface ApiErrorMessages {
  /** By status, the screen's own words (401 on sign-in, 429 with the wait). */
  byStatus?: Partial<Record<number, ApiProblemMessage>>;
  /** When the server could not be reached. */
  network?: string;
  /** Any other failure. */
  server?: string;
}

/** A failed request in words, with the one remedy the screen offers beside them. */
export interface ApiProblem {
  message: string;
  /** `reload`: only a fresh page can fix it (a 403 `csrf`). */
  action?: 'reload';
}

/** A change refused by the CSRF check (403 `csrf`): a reload fetches a fresh page and cookie. */
export const isCsrfRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'csrf';

const defaultByStatus: Partial<Record<number, ApiProblemMessage>> = {
  // A validation error is shown beside the fields it names.
  400: null,
  429: (error) => `Too many requests. Try again ${formatRetryAfter(error.retryAfterSeconds)}.`,
};

/**
 * The one way a screen turns a failed request into words: `undefined` when there is nothing to say
 * (no error, or a validation error the fields show). A 403 `csrf` always reads as a security check
 * to redo by reloading, never as a server error, whatever the screen's own words.
 */
export function describeApiError(
  error: unknown,
  messages: ApiErrorMessages = {},
): ApiProblem | undefined {
  if (error === null || error === undefined) return undefined;
  if (!(error instanceof ApiError)) return { message: messages.network ?? NETWORK_PROBLEM };
  if (isCsrfRefusal(error)) return { message: CSRF_PROBLEM, action: 'reload' };

  const byStatus = { ...defaultByStatus, ...messages.byStatus };
  const own = byStatus[error.status];
  const message =
    own === undefined
      ? (messages.server ?? SERVER_PROBLEM)
      : typeof own === 'function'
        ? own(error)
        : own;
  return message === null ? undefined : { message };
}
