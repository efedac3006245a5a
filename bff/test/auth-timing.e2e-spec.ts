import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../src/auth/password-hasher.js';
import { CHEAP_ARGON2, DEMO_PASSWORD, expectNoSecretsInLogs } from './support/identity.js';
import { startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * Tests that need an application of their own configuration, one after the other (passport keeps one
 * "jwt" strategy per process: two applications alive at once would share the last one's key).
 */
describe('sign-in, on applications of their own', () => {
  let database: TestDatabase;
  let outbox: string;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    outbox = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });

  afterAll(async () => {
    await database?.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('marks the cookies Secure behind an https public URL', async () => {
    const secure = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true', PUBLIC_URL: 'https://portal.example' },
    });
    try {
      const response = await secure.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'viewer@acme.example', password: DEMO_PASSWORD },
      });
      const setCookies = [response.headers['set-cookie'] ?? []].flat().map(String);
      for (const cookie of setCookies) expect(cookie).toMatch(/; Secure/);
      expect(response.statusCode).toBe(200);
      // Served over https: __Host- access and CSRF cookies (Path=/), a __Secure- refresh cookie.
      expect(setCookies.map((cookie) => cookie.split(';')[0]?.split('=')[0])).toEqual([
        '__Host-pp_access',
        '__Secure-pp_refresh',
        '__Host-csrf',
      ]);
      expect(setCookies[0]).toContain('Path=/;');
      expect(setCookies[1]).toContain('Path=/api/auth;');
      const value = (name: string) =>
        setCookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0] ?? '';
      const prefixed = `${value('__Host-pp_access')}; ${value('__Host-csrf')}`;
      expect(
        (await secure.request({ url: '/api/me', headers: { cookie: prefixed } })).statusCode,
      ).toBe(200);
      // The plain names mean nothing there: a cookie a sibling domain could plant is not read.
      const plain = prefixed.replaceAll('__Host-', '');
      expect(
        (await secure.request({ url: '/api/me', headers: { cookie: plain } })).statusCode,
      ).toBe(401);
      expectNoSecretsInLogs(secure);
    } finally {
      await secure.close();
    }
  });

  it('believes X-Forwarded-For only from a configured proxy, never from a direct client', async () => {
    const [one, two] = [{ email: 'viewer@acme.example' }, { email: 'manager@acme.example' }];
    const proxied = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, TRUSTED_PROXIES: '10.0.0.0/8' },
    });
    try {
      const attempt = (remoteAddress: string, forwarded: string, email: string) =>
        proxied.request({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
          payload: { email, password: 'wrong wrong wrong wrong' },
        });
      // A direct client forging a new address each time is still one address: the 11th is refused.
      const direct: number[] = [];
      for (let n = 1; n <= 11; n += 1) {
        direct.push((await attempt('203.0.113.50', `192.0.2.${n}`, one.email)).statusCode);
      }
      expect(direct).toEqual([...Array<number>(10).fill(401), 429]);
      // Behind the proxy, each client is its own address.
      const behind: number[] = [];
      for (let n = 1; n <= 11; n += 1) {
        behind.push((await attempt('10.0.0.5', `192.0.2.${n}`, two.email)).statusCode);
      }
      expect(behind.every((status) => status === 401)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('takes the same time for a known and an unknown e-mail (median of 200 each, < 10 ms apart), at the production argon2 cost', async () => {
    const production = await startTestApp({
      databaseUrl: database.url,
      env: { SEED_DEMO_DATA: 'true', MAIL_OUTBOX_DIR: outbox },
    });
    try {
      const median = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)] ?? 0;
      };
      const timings = {
        knownSignin: [] as number[],
        unknownSignin: [] as number[],
        knownForgot: [] as number[],
        unknownForgot: [] as number[],
      };
      // 200 known accounts with a production-cost hash: one account guessed 200 times would meet its
      // per-account limit, and a refusal is answered without the hash's work.
      const knownHash = await production.app
        .get(PasswordHasher)
        .hash('the known accounts passphrase');
      await production.app.get(DataSource).query(
        `INSERT INTO users (email, name, password_hash, status)
         SELECT 'known' || n || '.timing@acme.example', 'Known ' || n, $1, 'active'
           FROM generate_series(0, 199) AS n`,
        [knownHash],
      );
      for (let sample = 0; sample < 200; sample += 1) {
        // Interleaved, each from its own address: the throttles stay out of the measurement.
        for (const [key, email, route] of [
          ['knownSignin', `known${sample}.timing@acme.example`, 'signin'],
          ['unknownSignin', `ghost${sample}@acme.example`, 'signin'],
          ['knownForgot', 'viewer@acme.example', 'forgot-password'],
          ['unknownForgot', `ghost${sample}@acme.example`, 'forgot-password'],
        ] as const) {
          const started = performance.now();
          const response = await production.request({
            method: 'POST',
            url: `/api/auth/${route}`,
            remoteAddress: `10.${90 + ['knownSignin', 'unknownSignin', 'knownForgot', 'unknownForgot'].indexOf(key)}.${Math.floor(sample / 250)}.${sample % 250}`,
            payload:
              route === 'signin' ? { email, password: 'a wrong passphrase here' } : { email },
          });
          timings[key].push(performance.now() - started);
          expect(response.statusCode).toBe(
            route === 'signin'
              ? 401
              : route === 'forgot-password' && key === 'knownForgot' && sample >= 5
                ? 429
                : 202,
          );
        }
      }
      expect(Math.abs(median(timings.knownSignin) - median(timings.unknownSignin))).toBeLessThan(
        10,
      );
      expect(Math.abs(median(timings.knownForgot) - median(timings.unknownForgot))).toBeLessThan(
        10,
      );
      expectNoSecretsInLogs(production, [DEMO_PASSWORD]);
    } finally {
      await production.close();
    }
  }, 240_000); // 400 sign-ins at the production argon2 cost: 40 s on a quiet 2-core machine, over 60 s in a loaded CI run
});
