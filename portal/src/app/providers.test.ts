import { ApiError } from '@/lib/api-client';

import { shouldRetry } from './providers';

const apiError = (status: number) => new ApiError({ status, code: 'x', title: 'x' });

describe('query retries', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, apiError(400))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(429))).toBe(false);
  });

  it('retries server errors and network failures twice', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });
});
