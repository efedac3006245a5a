import { jest } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { outages } from '../../src/common/outage.js';
import { hashPassword } from '../../src/users/password-hash.js';
import { insertClaim } from '../support/claim-fixtures.js';
import { claimsClient, claimsWorld } from '../support/claims-api.js';
import { CHEAP_ARGON2, createUser, type Session, signIn } from '../support/identity.js';
import { OwnCluster } from '../support/own-cluster.js';
import { freePort } from '../support/ports.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * docs/operations.md, "When a dependency is down": a database that is stopped or frozen costs each
 * request a quick 503 `unavailable` with `Retry-After` (never a 500, never a hang past the timeout),
 * one log line per outage, and the service is back as soon as the database is. The database is a
 * PostgreSQL cluster of the test's own, stopped and frozen for real.
 */
const TIMEOUT_MS = 2_000;

const describeWithCluster = (await OwnCluster.available()) ? describe : describe.skip;

describeWithCluster('a database that stops or freezes', () => {
  let cluster: OwnCluster;
  let api: TestApp;
  let session: Session;

  beforeAll(async () => {
    cluster = await OwnCluster.create();
    api = await startTestApp({
      databaseUrl: cluster.url,
      env: { ...CHEAP_ARGON2, DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    const hash = await hashPassword('portal-demo-passphrase', { memoryCost: 64, timeCost: 1 });
    await createUser(api.app.get(DataSource), 'ops@portal.example', hash, [], { isStaff: true });
    session = await signIn(api, 'ops@portal.example');
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await cluster?.drop();
  }, 60_000);

  const me = () => api.request({ url: '/api/me', headers: { cookie: session.cookie } });
  const ready = () => api.request({ url: '/api/health/ready' });
  /** A write in a transaction: signing out everywhere (then signing in again). */
  const signOutEverywhere = () =>
    api.request({
      method: 'POST',
      url: '/api/auth/signout-everywhere',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });

  function expectUnavailable(
    { response, ms }: { response: LightMyRequestResponse; ms: number },
    withinMs: number,
  ) {
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'unavailable', status: 503 });
    expect(response.headers['retry-after']).toBe('2');
    expect(ms).toBeLessThanOrEqual(withinMs);
  }

  /** Four clients reading, writing and probing readiness in turn for `forMs`: every answer, timed. */
  async function mixedLoad(forMs: number) {
    const until = Date.now() + forMs;
    const answers: Array<{ response: LightMyRequestResponse; ms: number }> = [];
    const requests = [me, signOutEverywhere, me, ready];
    await Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        for (let i = client; Date.now() < until; i += 1) {
          answers.push(await timedRequest(requests[i % requests.length] ?? me));
        }
      }),
    );
    return answers;
  }

  async function waitUntilBack(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = (await me()).statusCode;
      if (status === 200) return;
      // A sign-out-everywhere sent as the database went away may have committed after all.
      if (status === 401) session = await signIn(api, 'ops@portal.example');
      if (Date.now() > deadline) throw new Error('the service did not come back');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * The outage's story since log line `from` as one list (warnings and errors other than each
   * request's own line, and the line that says the database is back), each with its time and reason:
   * a second outage in it (a statement that answered in the middle of one) says when and why.
   */
  function outageStory(from: number): string[] {
    return api.logs.lines
      .slice(from)
      .filter(
        (line) =>
          (Number(line.level) >= 40 && line.req === undefined) ||
          line.msg === 'The database available again',
      )
      .map(
        (line) => `${String(line.msg)} @${String(line.time)} ${JSON.stringify(line.reason ?? '')}`,
      );
  }

  /** Once the service is back: nothing logged as an error, and the outage told by one line each way. */
  async function expectOneOutageSince(mark: number): Promise<void> {
    await waitUntilBack();
    const errors = api.logs.lines.slice(mark).filter((line) => Number(line.level) >= 50);
    expect(errors).toEqual([]);
    expect(outageStory(mark)).toEqual([
      expect.stringMatching(/^The database unavailable/),
      expect.stringMatching(/^The database available again/),
    ]);
  }

  it('answers every request 503 with Retry-After within 2 s while the database is stopped for 10 s; ready again within 5 s of it', async () => {
    expect((await me()).statusCode).toBe(200);
    const mark = api.logs.lines.length;
    await cluster.stop();

    const answers = await mixedLoad(10_000);
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) expectUnavailable(answer, 2_000);

    await cluster.start();
    const startedAt = performance.now();
    while ((await ready()).statusCode !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(performance.now() - startedAt).toBeLessThanOrEqual(5_000);
    await expectOneOutageSince(mark);
  }, 120_000);

  it('holds no request more than 2.5 s while the database is frozen for 12 s', async () => {
    expect((await me()).statusCode).toBe(200);
    const mark = api.logs.lines.length;
    await cluster.freeze();
    let answers: Array<{ response: LightMyRequestResponse; ms: number }>;
    try {
      // Four clients at a time for 12 s: those on a connection time out on their statement, the
      // others on waiting for a connection (its pool's are all held by frozen statements).
      answers = await mixedLoad(12_000);
    } finally {
      await cluster.thaw();
    }
    expect(answers.length).toBeGreaterThan(8);
    for (const answer of answers) expectUnavailable(answer, 2_500);
    await expectOneOutageSince(mark);
  }, 120_000);
});

describeWithCluster('a database restarted during a burst of claim transitions', () => {
  let cluster: OwnCluster;
  let api: TestApp;

  beforeAll(async () => {
    cluster = await OwnCluster.create();
    api = await startTestApp({ databaseUrl: cluster.url, env: { DATABASE_TIMEOUT_MS: '2000' } });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await cluster?.drop();
  }, 60_000);

  it('answers each transition 200 or 503, never 500; writes each whole; a 503 is safe to retry; every notice is sent', async () => {
    const dataSource = api.app.get(DataSource);
    const world = await claimsWorld(api, dataSource, 'faults');
    const claims = await Promise.all(
      Array.from({ length: 40 }, () =>
        insertClaim(dataSource, world.partner.id, {
          status: 'submitted',
          createdByUserId: world.userIds.manager,
        }),
      ),
    );
    const client = claimsClient(api, world);
    const startReview = (claim: { id: string; version: number }) =>
      client.transition('staff', claim.id, { action: 'start_review' }, claim.version);

    // Four staff clients work through the claims; the database restarts after the first ten.
    const answers = new Map<string, number>();
    let restart: Promise<void> | undefined;
    const queue = [...claims];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let claim = queue.shift(); claim !== undefined; claim = queue.shift()) {
          answers.set(claim.id, (await startReview(claim)).statusCode);
          if (answers.size === 10) restart = cluster.restart();
        }
      }),
    );
    await restart;
    const statuses = [...answers.values()];
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(503);

    // Back: every acknowledged transition is there with its event; none is half-written.
    const deadline = Date.now() + 30_000;
    while ((await api.request('/api/health/ready')).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the database did not come back');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rows = (await dataSource.query(
      `SELECT c.id, c.status::text AS status,
              (SELECT count(*)::int FROM claim_events e
                WHERE e.claim_id = c.id AND e.to_status = 'in_review') AS events
         FROM claims c WHERE c.partner_id = $1`,
      [world.partner.id],
    )) as Array<{ id: string; status: string; events: number }>;
    for (const row of rows) {
      if (answers.get(row.id) === 200) expect(row.status).toBe('in_review');
      expect(row.events).toBe(row.status === 'in_review' ? 1 : 0);
    }

    // A client retrying its 503s: done now, or already done (409, the allowed actions say so).
    for (const claim of claims.filter((c) => answers.get(c.id) === 503)) {
      const retry = await startReview(claim);
      expect([200, 409]).toContain(retry.statusCode);
    }

    // The job queue went on across the restart: one notice per claim put in review (to the manager
    // who filed it: one e-mail per claim number), each sent.
    const mailDeadline = Date.now() + 60_000;
    for (;;) {
      const [counts] = (await dataSource.query(
        `SELECT count(*)::int AS total, count(DISTINCT data->'data'->>'claimNumber')::int AS claims,
                count(*) FILTER (WHERE state = 'completed')::int AS sent
           FROM pgboss.job
          WHERE name = 'mail' AND data->>'template' = 'claimStatus'
            AND data->'data'->'to'->>'email' = $1`,
        [world.emails.manager],
      )) as Array<{ total: number; claims: number; sent: number }>;
      if (counts?.claims === claims.length && counts.sent === counts.total) {
        expect(counts.total).toBe(claims.length);
        break;
      }
      if (Date.now() > mailDeadline) {
        throw new Error(`notices: ${JSON.stringify(counts)} for ${claims.length} claims`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 180_000);
});

describe('Redis that is down (REDIS_URL set, nothing listening)', () => {
  let database: TestDatabase;
  let api: TestApp;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(args.map(String).join(' '));
    });
    database = await startTestDatabase();
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
    });
    const hash = await hashPassword('portal-demo-passphrase', { memoryCost: 64, timeCost: 1 });
    await createUser(api.app.get(DataSource), 'redisless@portal.example', hash);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    jest.restoreAllMocks();
  });

  it('keeps sign-in and forgot-password to their contract, quickly, with one line for the outage', async () => {
    const mark = api.logs.lines.length;
    const signInAs = (password: string) =>
      timedRequest(() =>
        api.request({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'redisless@portal.example', password },
        }),
      );
    const good = await signInAs('portal-demo-passphrase');
    expect(good.response.statusCode).toBe(200);
    const bad = await signInAs('not-the-passphrase-at-all');
    expect(bad.response.statusCode).toBe(401);
    const forgot = await timedRequest(() =>
      api.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'redisless@portal.example' },
      }),
    );
    expect(forgot.response.statusCode).toBe(202);
    for (const { ms } of [good, bad, forgot]) expect(ms).toBeLessThan(1_500);

    // The throttling still counts, in the process: the sixth wrong password in a row is refused.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await signInAs('not-the-passphrase-at-all')).response.statusCode);
    }
    expect(statuses).toContain(429);

    const lines = api.logs.lines.slice(mark);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    // One outage (its line may come before this spec's mark: the first failure is at start-up).
    expect(outages.isDown('redis')).toBe(true);
    expect(
      lines.filter((line) => String(line.msg).startsWith('Redis unavailable')).length,
    ).toBeLessThanOrEqual(1);
    expect(consoleErrors.filter((line) => line.includes('ioredis'))).toEqual([]);
  }, 60_000);
});

async function timedRequest(
  request: () => Promise<LightMyRequestResponse>,
): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const startedAt = performance.now();
  const response = await request();
  return { response, ms: performance.now() - startedAt };
}
