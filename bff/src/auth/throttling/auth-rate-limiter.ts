import { Injectable } from '@nestjs/common';
import { ProblemException } from '#src/common/problem-details.js';
import { type HitWindow, RateLimitStorage } from './rate-limit.storage.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

interface Limit extends HitWindow {
  name: string;
}

/**
 * The limits of docs/product.md §5. Sign-in attempts are counted before the password is checked, in
 * one atomic operation, and given back when it was right: however many run in parallel, no more than
 * the limit are ever checked.
 */
export const LIMITS = {
  signinPerIp: { name: 'signin-ip', ttl: MINUTE, limit: 30, block: MINUTE },
  // 10 failures of an account from one address in 15 minutes; the 11th attempt is refused unchecked.
  signinFailures: { name: 'signin-failures', ttl: 15 * MINUTE, limit: 10, block: 15 * MINUTE },
  // An account from any address (a distributed guess): past 20 failures, each further one blocks the
  // account's sign-in twice as long as the last, from 1 second up to 15 minutes; 15 quiet minutes
  // forget them. The owner waits seconds, a guesser gets a few tries an hour.
  signinPerAccount: {
    name: 'signin-account',
    ttl: 15 * MINUTE,
    limit: 20,
    block: SECOND,
    maxBlock: 15 * MINUTE,
    sliding: true,
  },
  forgotPerEmail: { name: 'forgot-email', ttl: HOUR, limit: 5, block: HOUR },
  forgotPerIp: { name: 'forgot-ip', ttl: HOUR, limit: 20, block: HOUR },
  // Reset tokens are 256-bit, so guessing one is hopeless; an address that keeps sending unknown ones
  // is still stopped: 10 in 15 minutes, then 15 minutes of 429. A valid token is given back.
  resetFailures: { name: 'reset-failures', ttl: 15 * MINUTE, limit: 10, block: 15 * MINUTE },
  // An API key (docs/product.md §3b): 600 requests a minute, counted by the token's hash (one per
  // key), then refused until the minute is over.
  apiKey: { name: 'api-key', ttl: MINUTE, limit: 600, block: MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * Throttling of sign-in, invitation acceptance, forgot-password and reset-password over one storage (in memory, or
 * Redis with REDIS_URL so that every instance shares the counters). Keys are built by the callers
 * from `addressBucket()` and the account's id (or the e-mail as the database folds it).
 */
@Injectable()
export class AuthRateLimiter {
  constructor(private readonly storage: RateLimitStorage) {}

  /** Counts one attempt; a 429 problem (with Retry-After) once over the limit. */
  async hit(limit: Limit, key: string): Promise<void> {
    const record = await this.storage.hit(key, limit.name, limit);
    if (record.isBlocked) throw tooManyAttempts(record.timeToBlockExpire);
  }

  /** Gives an attempt back: it succeeded, so it was no failure. */
  async refund(limit: Limit, key: string): Promise<void> {
    await this.storage.refund(key, limit.name);
  }
}

/** 429 `rate_limited`; the problem filter writes its Retry-After header, and `retryAfter` says it too. */
export function tooManyAttempts(seconds: number): ProblemException {
  const retryAfter = Math.max(1, seconds);
  return new ProblemException(
    429,
    'rate_limited',
    'Too many attempts. Try again later.',
    undefined,
    { members: { retryAfter }, headers: { 'retry-after': String(retryAfter) } },
  );
}
