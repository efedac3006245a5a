import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export interface BlockState {
  isBlocked: boolean;
  /** Seconds until the block ends. */
  timeToBlockExpire: number;
}

/**
 * @nestjs/throttler's storage contract (fixed window of `ttl` ms, blocked for `blockDuration` ms once
 * the hits exceed `limit`), plus `peek`: whether a key is blocked, without counting a hit.
 */
export abstract class RateLimitStorage implements ThrottlerStorage {
  abstract increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord>;

  abstract peek(key: string, throttlerName: string): Promise<BlockState>;

  async close(): Promise<void> {}
}

interface Window {
  hits: number;
  expiresAt: number;
  blockedUntil: number;
}

/** One process's counters (the default without REDIS_URL). */
export class MemoryRateLimitStorage extends RateLimitStorage {
  private readonly windows = new Map<string, Window>();

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    this.sweep(now);
    const id = `${throttlerName}:${key}`;
    let window = this.windows.get(id);
    if (window === undefined || (window.expiresAt <= now && window.blockedUntil <= now)) {
      window = { hits: 0, expiresAt: now + ttl, blockedUntil: 0 };
      this.windows.set(id, window);
    }
    if (window.blockedUntil > now) return record(window, now);
    window.hits += 1;
    if (window.hits > limit) window.blockedUntil = now + blockDuration;
    return record(window, now);
  }

  async peek(key: string, throttlerName: string): Promise<BlockState> {
    const now = Date.now();
    const window = this.windows.get(`${throttlerName}:${key}`);
    if (window === undefined || window.blockedUntil <= now) {
      return { isBlocked: false, timeToBlockExpire: 0 };
    }
    return { isBlocked: true, timeToBlockExpire: Math.ceil((window.blockedUntil - now) / 1000) };
  }

  private lastSweep = 0;

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) {
      if (window.expiresAt <= now && window.blockedUntil <= now) this.windows.delete(id);
    }
  }
}

function record(window: Window, now: number): ThrottlerStorageRecord {
  const blocked = window.blockedUntil > now;
  return {
    totalHits: window.hits,
    timeToExpire: Math.max(0, Math.ceil((window.expiresAt - now) / 1000)),
    isBlocked: blocked,
    timeToBlockExpire: blocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
  };
}

/**
 * Counters in Redis, shared by every BFF instance: one Lua script per hit, atomic. Keys expire by
 * themselves (PEXPIRE), so nothing needs sweeping.
 */
const INCREMENT_SCRIPT = `
local hits_key, block_key = KEYS[1], KEYS[2]
local ttl, limit, block_ms = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local block_left = redis.call('PTTL', block_key)
if block_left > 0 then
  local hits = tonumber(redis.call('GET', hits_key) or '0')
  return { hits, math.max(redis.call('PTTL', hits_key), 0), 1, block_left }
end
local hits = redis.call('INCR', hits_key)
if hits == 1 then redis.call('PEXPIRE', hits_key, ttl) end
local expire_left = redis.call('PTTL', hits_key)
if hits > limit then
  redis.call('SET', block_key, '1', 'PX', block_ms)
  return { hits, math.max(expire_left, 0), 1, block_ms }
end
return { hits, math.max(expire_left, 0), 0, 0 }
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

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}${throttlerName}:${key}`;
    const result = (await this.redis.eval(
      INCREMENT_SCRIPT,
      2,
      `${base}:hits`,
      `${base}:block`,
      ttl,
      limit,
      blockDuration,
    )) as [number, number, number, number];
    const [totalHits, expireLeftMs, blocked, blockLeftMs] = result;
    return {
      totalHits,
      timeToExpire: Math.ceil(expireLeftMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(blockLeftMs / 1000),
    };
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
