import { ApiError, type ProblemDetails } from './api-client';
import {
  apiFieldErrors,
  CSRF_PROBLEM,
  describeApiError,
  formatRetryAfter,
  NETWORK_PROBLEM,
  SERVER_PROBLEM,
  unplacedApiErrors,
} from './api-errors';

const apiError = (status: number, code: string, extra: Partial<ProblemDetails> = {}) =>
  new ApiError({ status, code, title: code, ...extra });

describe('describeApiError', () => {
  it('says nothing without an error, or for a validation error the fields show', () => {
    expect(describeApiError(null)).toBeUndefined();
    expect(describeApiError(apiError(400, 'validation'))).toBeUndefined();
  });

  it('tells a network failure from a server failure', () => {
    expect(describeApiError(new TypeError('Failed to fetch'))).toEqual({
      message: NETWORK_PROBLEM,
    });
    expect(describeApiError(apiError(500, 'internal'))).toEqual({ message: SERVER_PROBLEM });
  });

  it('explains a 403 csrf as a check to redo by reloading, whatever the screen says', () => {
    const problem = describeApiError(apiError(403, 'csrf'), {
      byStatus: { 403: 'You may not do that.' },
      server: 'Could not save.',
    });
    expect(problem).toEqual({ message: CSRF_PROBLEM, action: 'reload' });
    expect(describeApiError(apiError(403, 'forbidden'))).toEqual({ message: SERVER_PROBLEM });
  });

  it("uses the screen's own words by status, including the wait of a 429", () => {
    const messages = {
      byStatus: {
        401: 'The email or password is incorrect.',
        429: (error: ApiError) => `Slow down ${formatRetryAfter(error.retryAfterSeconds)}.`,
      },
    };
    expect(describeApiError(apiError(401, 'unauthorized'), messages)?.message).toBe(
      'The email or password is incorrect.',
    );
    expect(
      describeApiError(apiError(429, 'rate_limited', { retryAfterSeconds: 90 }), messages)?.message,
    ).toBe('Slow down in 2 minutes.');
    expect(describeApiError(apiError(429, 'rate_limited'))?.message).toBe(
      'Too many requests. Try again in a moment.',
    );
  });
});

describe('apiFieldErrors', () => {
  it('keeps the first message of each field the form shows', () => {
    const error = apiError(400, 'validation', {
      errors: [
        { field: 'email', message: 'must be an email' },
        { field: 'email', message: 'second' },
        { field: 'role', message: 'not shown' },
      ],
    });
    expect(apiFieldErrors(error, ['email', 'password'] as const)).toEqual({
      email: 'must be an email',
    });
    expect(apiFieldErrors(new Error('x'), ['email'] as const)).toEqual({});
  });
});

describe('formatRetryAfter', () => {
  it.each([
    [undefined, 'in a moment'],
    [1, 'in 1 second'],
    [30, 'in 30 seconds'],
    [60, 'in 1 minute'],
    [900, 'in 15 minutes'],
  ])('%p seconds reads "%s"', (seconds, words) => {
    expect(formatRetryAfter(seconds)).toBe(words);
  });
});

describe('unplacedApiErrors', () => {
  const refusal = (errors: Array<{ field: string; message: string }>, detail?: string) =>
    new ApiError({ status: 400, code: 'validation', title: 'Bad Request', detail, errors });

  it('says what no field of the form can show, and nothing when every message has its field', () => {
    const fields = ['quantity', 'description'];
    expect(
      unplacedApiErrors(
        refusal([
          { field: 'quantity', message: 'At most 2.' },
          { field: 'movementId', message: 'The movement is not one of this item.' },
        ]),
        fields,
      ),
    ).toBe('The movement is not one of this item.');
    expect(
      unplacedApiErrors(refusal([{ field: 'quantity', message: 'At most 2.' }]), fields),
    ).toBeUndefined();
    expect(unplacedApiErrors(refusal([], 'Malformed JSON.'), fields)).toBe('Malformed JSON.');
    expect(
      unplacedApiErrors(new ApiError({ status: 409, code: 'conflict', title: 'Conflict' }), fields),
    ).toBeUndefined();
  });
});
