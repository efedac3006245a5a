import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import {
  blockFor,
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await delay(100);
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

  it('counts parallel hits exactly: of 40 at once with a limit of 10, 10 pass', async () => {
    const key = randomUUID();
    const records = await Promise.all(
      Array.from({ length: 40 }, () =>
        storage.hit(key, 't', { ttl: 60_000, limit: 10, block: 60_000 }),
      ),
    );
    expect(records.filter((record) => !record.isBlocked)).toHaveLength(10);
  });

  it('gives a hit back on refund, never below zero', async () => {
    const key = randomUUID();
    const window = { ttl: 60_000, limit: 2, block: 60_000 };
    await storage.hit(key, 't', window);
    await storage.hit(key, 't', window);
    await storage.refund(key, 't');
    await storage.refund(key, 't');
    await storage.refund(key, 't');
    await storage.refund(randomUUID(), 't');
    expect((await storage.hit(key, 't', window)).totalHits).toBe(1);
  });

  it('blocks longer with every hit over the limit, up to its maximum', async () => {
    const key = randomUUID();
    const window = { ttl: 60_000, limit: 1, block: 1_000, maxBlock: 1_500, sliding: true };
    expect((await storage.hit(key, 't', window)).isBlocked).toBe(false);
    const first = await storage.hit(key, 't', window);
    expect(first).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    while ((await storage.peek(key, 't')).isBlocked) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // 2 s doubled, capped at 1.5 s: announced as 2 whole seconds.
    expect(await storage.hit(key, 't', window)).toMatchObject({
      totalHits: 3,
      isBlocked: true,
      timeToBlockExpire: 2,
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

  behavesLikeAThrottlerStorage(() => RedisRateLimitStorage.connect(REDIS_URL));

  it('shares its counters between two instances (two BFF processes)', async () => {
    const one = await RedisRateLimitStorage.connect(REDIS_URL);
    const two = await RedisRateLimitStorage.connect(REDIS_URL);
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

describe('RedisRateLimitStorage while Redis is down (a Redis server of its own)', () => {
  let server: ChildProcess | undefined;
  let port: number;
  let storages: RedisRateLimitStorage[] = [];
  const warnings: string[] = [];
  const infos: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    jest
      .spyOn(Logger.prototype, 'warn')
      .mockImplementation((message: unknown, ...rest: unknown[]) => {
        warnings.push(String(rest.at(-1) ?? message));
      });
    jest
      .spyOn(Logger.prototype, 'log')
      .mockImplementation((message: unknown, ...rest: unknown[]) => {
        infos.push(String(rest.at(-1) ?? message));
      });
  });

  afterAll(async () => {
    for (const storage of storages) await storage.close();
    server?.kill('SIGKILL');
    jest.restoreAllMocks();
  });

  it('counts in the process without Redis, logs the outage once, and shares again once Redis is back', async () => {
    const url = `redis://127.0.0.1:${port}`;
    const one = await RedisRateLimitStorage.connect(url);
    const two = await RedisRateLimitStorage.connect(url);
    storages = [one, two];

    // Down: each process counts alone, at once, and blocks past the limit.
    const key = randomUUID();
    const startedAt = performance.now();
    for (let hit = 1; hit <= 3; hit += 1) {
      expect(await one.increment(key, 60_000, 2, 60_000, 'down')).toMatchObject({
        totalHits: hit,
        isBlocked: hit > 2,
      });
    }
    expect(performance.now() - startedAt).toBeLessThan(100);
    expect(await two.increment(key, 60_000, 2, 60_000, 'down')).toMatchObject({ totalHits: 1 });
    expect(await one.peek(key, 'down')).toMatchObject({ isBlocked: true });
    const downLines = warnings.filter((line) => line.startsWith('Redis unavailable'));
    expect(downLines).toHaveLength(1);

    // Back: both instances see one shared counter again.
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntil(async () => {
      const probe = randomUUID();
      await one.increment(probe, 60_000, 9, 60_000, 'probe');
      return (await two.increment(probe, 60_000, 9, 60_000, 'probe')).totalHits === 2;
    });
    expect(infos).toContain('Redis available again');
    const shared = randomUUID();
    await one.increment(shared, 60_000, 1, 60_000, 'up');
    expect(await two.increment(shared, 60_000, 1, 60_000, 'up')).toMatchObject({
      totalHits: 2,
      isBlocked: true,
    });
    // Both connected again (each instance here is a process of its own there): no new outage.
    const linesBefore = warnings.length;
    for (let hit = 0; hit < 10; hit += 1) {
      await one.increment(randomUUID(), 60_000, 9, 60_000, 'up');
      await two.increment(randomUUID(), 60_000, 9, 60_000, 'up');
    }
    expect(warnings.slice(linesBefore)).toEqual([]);
  });
});

describe('blockFor', () => {
  it('doubles from the first hit over the limit up to the maximum, or keeps a fixed block', () => {
    const growing = { ttl: 1, limit: 20, block: 1_000, maxBlock: 900_000 };
    expect([21, 22, 23, 30, 31, 1_000].map((hits) => blockFor(hits, growing))).toEqual([
      1_000, 2_000, 4_000, 512_000, 900_000, 900_000,
    ]);
    expect(blockFor(99, { ttl: 1, limit: 9, block: 5_000 })).toBe(5_000);
  });
});
