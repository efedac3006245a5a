import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../src/users/password-hash.js';
import { BffProcess, buildBffIfStale } from '../support/bff-process.js';
import { CHEAP_ARGON2, createUser } from '../support/identity.js';
import { freePort } from '../support/ports.js';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/test-app.js';
import { startTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * docs/operations.md, Shutdown: on SIGTERM a BFF process turns its readiness 503 at once, goes on
 * serving for its drain period, then finishes and exits 0; so a rolling restart of `pnpm start:cluster`
 * (HAProxy in front of two processes) under a stream of reads and writes loses no request, with the
 * balancer's retries off so that nothing but the drain can keep them whole; without the drain the same
 * restart loses some (hundreds in a few thousand). HAProxy's default configuration, retries on, is not
 * run apart: it only gives a refused request a second chance, and would cost another cluster (~40 s).
 * Real processes (`node bff/dist/main.js`) on a PostgreSQL server: PGlite cannot be shared by processes.
 */
const onServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const withHaproxy = existsSync('/usr/sbin/haproxy') ? it : it.skip;
const START_CLUSTER = fileURLToPath(new URL('../../../scripts/start-cluster.mjs', import.meta.url));
const EMAIL = 'ops@restarts.test';

onServer('restarts', () => {
  let database: TestDatabase;
  let api: TestApp;
  const jwtSecret = randomBytes(48).toString('base64url');
  const settings = () => ({
    ...CHEAP_ARGON2,
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DIGEST: 'off',
  });

  beforeAll(async () => {
    await buildBffIfStale();
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: { ...CHEAP_ARGON2 } });
    const hash = await hashPassword('portal-demo-passphrase', { memoryCost: 64, timeCost: 1 });
    await createUser(api.app.get(DataSource), EMAIL, hash, [], { isStaff: true });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  /** Signs in at `baseUrl`: the access token, sent as a bearer token (no CSRF). */
  async function accessToken(baseUrl: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.7.0.1' },
      body: JSON.stringify({ email: EMAIL, password: 'portal-demo-passphrase' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => /^(__Host-)?pp_access=/.test(line));
    const token = /^(?:__Host-)?pp_access=([^;]+)/.exec(cookie ?? '')?.[1];
    if (token === undefined) throw new Error(`no access token: ${response.headers.getSetCookie()}`);
    return token;
  }

  it('turns readiness 503 at SIGTERM, serves through the drain, then exits 0', async () => {
    const bff = await BffProcess.start({ ...settings(), SHUTDOWN_DRAIN_SECONDS: '2' });
    const token = await accessToken(bff.url);
    const me = () => bff.request('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await bff.request('/api/health/ready')).status).toBe(200);

    const signalledAt = performance.now();
    const exited = bff.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await bff.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'unavailable' });
    expect((await bff.request('/api/health/live')).status).toBe(200);
    expect((await me()).status).toBe(200);

    expect(await exited).toBe(0);
    expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(2_000);
    await expect(me()).rejects.toThrow();
  }, 120_000);

  /**
   * Starts `pnpm start:cluster` (2 instances, `env` on top), has four clients read and write through
   * it until a rolling restart (SIGHUP) is done, and returns what failed and how many requests were sent.
   */
  async function rollingRestart(env: Record<string, string>) {
    const port = await freePort();
    const cluster = spawn(process.execPath, [START_CLUSTER, '--no-build'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        CLUSTER_SIZE: '2',
        ...settings(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const said = output(cluster);
    try {
      await said.until((text) => text.includes('[cluster] HAProxy on'), 180_000);
      const baseUrl = `http://127.0.0.1:${port}`;
      const token = await accessToken(baseUrl);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      // Four clients, each reading and writing in turn until the restart is done.
      const failures: string[] = [];
      let requests = 0;
      let rolled = false;
      const client = async () => {
        for (let i = 0; !rolled; i += 1) {
          const write = i % 3 === 2;
          try {
            const response = await fetch(`${baseUrl}/api/me${write ? '/notifications' : ''}`, {
              method: write ? 'PUT' : 'GET',
              headers,
              ...(write ? { body: JSON.stringify({ partners: [] }) } : {}),
            });
            await response.arrayBuffer();
            if (response.status !== 200) failures.push(`${response.status} ${write}`);
          } catch (error) {
            failures.push(String(error));
          }
          requests += 1;
        }
      };
      const clients = Array.from({ length: 4 }, client);
      cluster.kill('SIGHUP');
      await said.until((text) => text.includes('[cluster] rolling restart done'), 240_000);
      rolled = true;
      await Promise.all(clients);

      // Each instance was started twice (a new process id each time).
      for (const instance of [1, 2]) {
        const starts = said.text().match(new RegExp(`instance ${instance} ready`, 'g')) ?? [];
        expect(starts).toHaveLength(2);
      }
      return { failures, requests };
    } finally {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await exited;
    }
  }

  // HAProxy's retries (CLUSTER_HAPROXY_RETRIES) would hide a missing drain, often entirely: a request
  // refused by a stopping instance is sent to the other one. Off, only the drain keeps it whole.
  withHaproxy(
    'loses no request while pnpm start:cluster restarts its instances one by one, with the balancer’s retries off',
    async () => {
      const { failures, requests } = await rollingRestart({ CLUSTER_HAPROXY_RETRIES: 'false' });
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(100);
    },
    480_000,
  );

  withHaproxy(
    'loses requests in that rolling restart without the drain: what the test above would see',
    async () => {
      const { failures, requests } = await rollingRestart({
        CLUSTER_HAPROXY_RETRIES: 'false',
        SHUTDOWN_DRAIN_SECONDS: '0',
      });
      expect(requests).toBeGreaterThan(100);
      expect(failures.length).toBeGreaterThan(0);
    },
    480_000,
  );
});

/** What a child process wrote, and a wait for a condition on it. */
function output(child: ChildProcess) {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return {
    text: () => text,
    async until(condition: (text: string) => boolean, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!condition(text)) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(
            `the cluster did not get there (${child.exitCode}):\n${text.slice(-3000)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
