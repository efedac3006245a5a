import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ProblemException } from '../../common/problem-details.js';
import { RateLimitStorage } from './rate-limit.storage.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of docs/product.md §5. */
export const LIMITS = {
  signinPerIp: { name: 'signin-ip', ttl: MINUTE, limit: 30, block: MINUTE },
  // Blocked once the 10th failure is counted: the 11th attempt is refused without a password check.
  signinFailures: { name: 'signin-failures', ttl: 15 * MINUTE, limit: 9, block: 15 * MINUTE },
  forgotPerEmail: { name: 'forgot-email', ttl: HOUR, limit: 5, block: HOUR },
  forgotPerIp: { name: 'forgot-ip', ttl: HOUR, limit: 20, block: HOUR },
} as const;

type Limit = (typeof LIMITS)[keyof typeof LIMITS];

/**
 * Throttling of sign-in and forgot-password over @nestjs/throttler's storage contract (in memory, or
 * Redis with REDIS_URL so that every instance shares the counters). The client IP is Fastify's
 * `request.ip`, which believes X-Forwarded-For for exactly TRUSTED_PROXIES hops.
 */
@Injectable()
export class AuthRateLimiter {
  constructor(private readonly storage: RateLimitStorage) {}

  /** Counts one attempt; refuses with 429 once over the limit. */
  async hit(limit: Limit, key: string, reply: FastifyReply): Promise<void> {
    const record = await this.storage.increment(
      key,
      limit.ttl,
      limit.limit,
      limit.block,
      limit.name,
    );
    if (record.isBlocked) throw tooMany(reply, record.timeToBlockExpire);
  }

  /** Refuses with 429 while the key is blocked, without counting. */
  async check(limit: Limit, key: string, reply: FastifyReply): Promise<void> {
    const state = await this.storage.peek(key, limit.name);
    if (state.isBlocked) throw tooMany(reply, state.timeToBlockExpire);
  }

  /** Counts a failure (the block, if any, applies from the next attempt). */
  async count(limit: Limit, key: string): Promise<void> {
    await this.storage.increment(key, limit.ttl, limit.limit, limit.block, limit.name);
  }
}

function tooMany(reply: FastifyReply, seconds: number): ProblemException {
  void reply.header('retry-after', String(Math.max(1, seconds)));
  return new ProblemException(429, 'rate_limited', 'Too many attempts. Try again later.');
}
