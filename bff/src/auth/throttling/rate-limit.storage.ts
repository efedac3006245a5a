import { setTimeout as delay } from 'node:timers/promises';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { outages } from '#src/common/outage.js';

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

/** The longest a throttling check waits for Redis before counting in this process instead. */
const COMMAND_TIMEOUT_MS = 300;

/** Gives one hit back, never below zero, keeping the key's expiry. */
const REFUND_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Counters in Redis, shared by every instance, when Redis answers; this process's own counters when it
 * does not (docs/operations.md, "When a dependency is down"): Redis is an accelerator, not a dependency.
 * A command is never queued while Redis is away and waits at most `COMMAND_TIMEOUT_MS`, so a sign-in
 * keeps its contract and its speed; the outage is logged once, and the shared counters are used again
 * as soon as Redis is ready (the hits counted alone meanwhile are not carried over).
 */
export class RedisRateLimitStorage extends RateLimitStorage {
  private readonly local = new MemoryRateLimitStorage();

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'pp:throttle:',
  ) {
    super();
    // Handled here, so ioredis never prints "Unhandled error event" for each reconnection attempt.
    redis.on('error', (error: unknown) => outages.record('redis', error));
    redis.on('ready', () => outages.recovered('redis'));
  }

  /** Connects, waiting up to a second for Redis to be ready (counting locally until it is). */
  static async connect(url: string): Promise<RedisRateLimitStorage> {
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    const storage = new RedisRateLimitStorage(redis);
    // Not events.once: it would reject on the first connection error, which is no reason to fail.
    await Promise.race([new Promise((resolve) => redis.once('ready', resolve)), delay(1_000)]);
    return storage;
  }

  async hit(
    key: string,
    throttlerName: string,
    window: HitWindow,
  ): Promise<ThrottlerStorageRecord> {
    return this.orLocally(
      () => this.sharedHit(key, throttlerName, window),
      () => this.local.hit(key, throttlerName, window),
    );
  }

  async refund(key: string, throttlerName: string): Promise<void> {
    await this.orLocally(
      async () => {
        await this.redis.eval(REFUND_SCRIPT, 1, `${this.prefix}${throttlerName}:${key}:hits`);
      },
      () => this.local.refund(key, throttlerName),
    );
  }

  async peek(key: string, throttlerName: string): Promise<BlockState> {
    return this.orLocally(
      async () => {
        const left = await this.redis.pttl(`${this.prefix}${throttlerName}:${key}:block`);
        return left > 0
          ? { isBlocked: true, timeToBlockExpire: Math.ceil(left / 1000) }
          : { isBlocked: false, timeToBlockExpire: 0 };
      },
      () => this.local.peek(key, throttlerName),
    );
  }

  override async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  /** `shared` when Redis is ready and answers in time; otherwise `alone`, this process's counting. */
  private async orLocally<T>(shared: () => Promise<T>, alone: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      outages.record('redis');
      return alone();
    }
    try {
      return await shared();
    } catch (error) {
      outages.record('redis', error);
      return alone();
    }
  }

  private async sharedHit(
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
}
