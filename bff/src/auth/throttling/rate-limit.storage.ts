import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export interface BlockState {
  isBlocked: boolean;
  /** Seconds until the block ends. */
  timeToBlockExpire: number;
}

/**
 * How a key's hits are counted: a window of `ttl` ms (fixed from its first hit, or restarted by every
 * hit when `sliding`), blocked for `block` ms once the hits exceed `limit`. With `maxBlock`, every hit
 * over the limit blocks twice as long as the one before, up to `maxBlock`.
 */
export interface HitWindow {
  ttl: number;
  limit: number;
  block: number;
  maxBlock?: number;
  sliding?: boolean;
}

/**
 * @nestjs/throttler's storage contract (fixed window of `ttl` ms, blocked for `blockDuration` ms once
 * the hits exceed `limit`), grown by `hit` (sliding windows, growing blocks), `refund` (an attempt
 * that turned out fine gives its hit back) and `peek` (whether a key is blocked, without counting).
 * Each operation is atomic, so parallel attempts cannot all pass one check before any is counted.
 */
export abstract class RateLimitStorage implements ThrottlerStorage {
  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return this.hit(key, throttlerName, { ttl, limit, block: blockDuration });
  }

  abstract hit(
    key: string,
    throttlerName: string,
    window: HitWindow,
  ): Promise<ThrottlerStorageRecord>;

  abstract refund(key: string, throttlerName: string): Promise<void>;

  abstract peek(key: string, throttlerName: string): Promise<BlockState>;

  async close(): Promise<void> {}
}

/** The block of the `hits`-th hit of a window whose limit is exceeded. */
export function blockFor(hits: number, window: HitWindow): number {
  if (window.maxBlock === undefined) return window.block;
  return Math.min(window.block * 2 ** Math.min(hits - window.limit - 1, 40), window.maxBlock);
}

interface Counter {
  hits: number;
  expiresAt: number;
  blockedUntil: number;
}

/** One process's counters (the default without REDIS_URL): each operation is synchronous, so atomic. */
export class MemoryRateLimitStorage extends RateLimitStorage {
  private readonly counters = new Map<string, Counter>();

  async hit(
    key: string,
    throttlerName: string,
    window: HitWindow,
  ): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    this.sweep(now);
    const id = `${throttlerName}:${key}`;
    let counter = this.counters.get(id);
    if (counter === undefined || (counter.expiresAt <= now && counter.blockedUntil <= now)) {
      counter = { hits: 0, expiresAt: now + window.ttl, blockedUntil: 0 };
      this.counters.set(id, counter);
    }
    if (counter.blockedUntil > now) return record(counter, now);
    counter.hits += 1;
    if (window.sliding === true) counter.expiresAt = now + window.ttl;
    if (counter.hits > window.limit) counter.blockedUntil = now + blockFor(counter.hits, window);
    return record(counter, now);
  }

  async refund(key: string, throttlerName: string): Promise<void> {
    const counter = this.counters.get(`${throttlerName}:${key}`);
    if (counter !== undefined && counter.hits > 0) counter.hits -= 1;
  }

  async peek(key: string, throttlerName: string): Promise<BlockState> {
    const now = Date.now();
    const counter = this.counters.get(`${throttlerName}:${key}`);
    if (counter === undefined || counter.blockedUntil <= now) {
      return { isBlocked: false, timeToBlockExpire: 0 };
    }
    return { isBlocked: true, timeToBlockExpire: Math.ceil((counter.blockedUntil - now) / 1000) };
  }

  private lastSweep = 0;

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, counter] of this.counters) {
      if (counter.expiresAt <= now && counter.blockedUntil <= now) this.counters.delete(id);
    }
  }
}

function record(counter: Counter, now: number): ThrottlerStorageRecord {
  const blocked = counter.blockedUntil > now;
  return {
    totalHits: counter.hits,
    timeToExpire: Math.max(0, Math.ceil((counter.expiresAt - now) / 1000)),
    isBlocked: blocked,
    timeToBlockExpire: blocked ? Math.ceil((counter.blockedUntil - now) / 1000) : 0,
  };
}

/**
 * Counters in Redis, shared by every BFF instance: one Lua script per hit, atomic. Keys expire by
 * themselves (PEXPIRE), so nothing needs sweeping. ARGV: ttl, limit, block, max block, sliding (0/1).
 */
const HIT_SCRIPT = `
local hits_key, block_key = KEYS[1], KEYS[2]
local ttl, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
local block_ms, max_block, sliding = tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5] == '1'
local block_left = redis.call('PTTL', block_key)
if block_left > 0 then
  local hits = tonumber(redis.call('GET', hits_key) or '0')
  return { hits, math.max(redis.call('PTTL', hits_key), 0), 1, block_left }
end
local hits = redis.call('INCR', hits_key)
if hits == 1 or sliding then redis.call('PEXPIRE', hits_key, ttl) end
local expire_left = redis.call('PTTL', hits_key)
if hits > limit then
  local block = math.floor(math.min(block_ms * 2 ^ math.min(hits - limit - 1, 40), max_block))
  redis.call('SET', block_key, '1', 'PX', block)
  return { hits, math.max(expire_left, 0), 1, block }
end
return { hits, math.max(expire_left, 0), 0, 0 }
`;

/** Gives one hit back, never below zero, keeping the key's expiry. */
const REFUND_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export class RedisRateLimitStorage extends RateLimitStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'pp:throttle:',
  ) {
    super();
  }

  static connect(url: string): RedisRateLimitStorage {
    return new RedisRateLimitStorage(
      new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }),
    );
  }

  async hit(
    key: string,
    throttlerName: string,
    window: HitWindow,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}${throttlerName}:${key}`;
    const result = (await this.redis.eval(
      HIT_SCRIPT,
      2,
      `${base}:hits`,
      `${base}:block`,
      window.ttl,
      window.limit,
      window.block,
      window.maxBlock ?? window.block,
      window.sliding === true ? '1' : '0',
    )) as [number, number, number, number];
    const [totalHits, expireLeftMs, blocked, blockLeftMs] = result;
    return {
      totalHits,
      timeToExpire: Math.ceil(expireLeftMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(blockLeftMs / 1000),
    };
  }

  async refund(key: string, throttlerName: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, `${this.prefix}${throttlerName}:${key}:hits`);
  }

  async peek(key: string, throttlerName: string): Promise<BlockState> {
    const left = await this.redis.pttl(`${this.prefix}${throttlerName}:${key}:block`);
    return left > 0
      ? { isBlocked: true, timeToBlockExpire: Math.ceil(left / 1000) }
      : { isBlocked: false, timeToBlockExpire: 0 };
  }

  override async close(): Promise<void> {
    await this.redis.quit();
  }
}
