import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  MemoryRateLimitStorage,
  type RateLimitStorage,
  RedisRateLimitStorage,
} from './rate-limit.storage.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

function behavesLikeAThrottlerStorage(make: () => Promise<RateLimitStorage>): void {
  let storage: RateLimitStorage;
  beforeAll(async () => {
    storage = await make();
  });
  afterAll(async () => {
    await storage.close();
  });

  it('counts hits, blocks the hit over the limit for the block duration, and peeks without counting', async () => {
    const key = randomUUID();
    const hits = [];
    for (let hit = 0; hit < 3; hit += 1)
      hits.push(await storage.increment(key, 60_000, 2, 30_000, 't'));

    expect(hits.map((record) => [record.totalHits, record.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(hits[2]?.timeToBlockExpire).toBeGreaterThan(25);
    expect(await storage.peek(key, 't')).toMatchObject({ isBlocked: true });
    expect(await storage.peek(key, 'other')).toEqual({ isBlocked: false, timeToBlockExpire: 0 });
    expect(await storage.peek(randomUUID(), 't')).toEqual({
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it('starts a new window once the old one expired', async () => {
    const key = randomUUID();
    await storage.increment(key, 50, 5, 50, 't');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await storage.increment(key, 50, 5, 50, 't')).totalHits).toBe(1);
  });
}

describe('MemoryRateLimitStorage', () => {
  behavesLikeAThrottlerStorage(async () => new MemoryRateLimitStorage());
});

describe('RedisRateLimitStorage (the local Redis; TEST_REDIS_URL to point elsewhere)', () => {
  let reachable = false;
  beforeAll(async () => {
    reachable = await redisReachable();
  });

  it('is tested against a reachable Redis', () => {
    // CI and the development machines have Redis at 127.0.0.1:6379: its absence is a failure, not a skip.
    expect(reachable).toBe(true);
  });

  behavesLikeAThrottlerStorage(async () => RedisRateLimitStorage.connect(REDIS_URL));

  it('shares its counters between two instances (two BFF processes)', async () => {
    const one = RedisRateLimitStorage.connect(REDIS_URL);
    const two = RedisRateLimitStorage.connect(REDIS_URL);
    try {
      const key = randomUUID();
      await one.increment(key, 60_000, 1, 60_000, 'shared');
      const second = await two.increment(key, 60_000, 1, 60_000, 'shared');
      expect(second).toMatchObject({ totalHits: 2, isBlocked: true });
      expect(await one.peek(key, 'shared')).toMatchObject({ isBlocked: true });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
