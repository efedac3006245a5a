import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import pg from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { AuthService } from '#src/auth/auth.service.js';
import { Database } from '#src/database/database.js';
import { MailService } from '#src/mail/mail.service.js';
import { insertClaim } from './support/claim-fixtures.js';
import { claimsClient, claimsWorld } from './support/claims-api.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { eventually, jobsSettled, reportQueueError } from './support/jobs.js';
import { TestSmtpServer } from './support/smtp.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  data: { template: string; data: { link?: string } };
}

/**
 * The durable job queue (docs/decisions.md, "A job queue in PostgreSQL"; docs/product.md, Nothing lost):
 * every e-mail is a job inserted in the transaction of the change that causes it and sent by a worker
 * with retries, through a real SMTP server (`smtp-server`) that goes down and comes back.
 */
describe('the job queue: e-mails through PostgreSQL', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const servers: TestSmtpServer[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const server of servers.splice(0)) await server.down();
  });

  afterAll(async () => {
    await database.stop();
  });

  async function smtp(options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
    const server = await TestSmtpServer.reserve(options);
    servers.push(server);
    return server;
  }

  async function app(server: TestSmtpServer, env: Record<string, string> = {}): Promise<TestApp> {
    const started = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SMTP_URL: server.url, ...env },
    });
    apps.push(started);
    return started;
  }

  async function jobs(api: TestApp): Promise<JobRow[]> {
    return (await api.app
      .get(DataSource)
      .query(
        `SELECT id, state::text AS state, retry_count, data FROM pgboss.job WHERE name = 'mail' ORDER BY created_on`,
      )) as JobRow[];
  }

  async function person(api: TestApp, label: string): Promise<string> {
    const email = `${label}-${randomUUID().slice(0, 8)}@jobs.test`;
    await createUser(api.app.get(DataSource), email, 'unused');
    return email;
  }

  it('delivers a reset link and a claim notice asked for while SMTP was down, once it is back, each once by Message-ID', async () => {
    const server = await smtp();
    const api = await app(server);
    const before = new Set((await jobs(api)).map((job) => job.id));
    const email = await person(api, 'reset');

    // The SMTP server is not listening: both are asked for and answered as usual.
    const forgot = await api.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(202);
    const dataSource = api.app.get(DataSource);
    const world = await claimsWorld(api, dataSource, `jobs-${randomUUID().slice(0, 6)}`);
    const claim = await insertClaim(dataSource, world.partner.id, {
      status: 'submitted',
      createdByUserId: world.userIds.manager,
    });
    const review = await claimsClient(api, world).transition(
      'staff',
      claim.id,
      { action: 'start_review' },
      claim.version,
    );
    expect(review.statusCode).toBe(200);

    // Both jobs are attempted and fail (the server refuses the connection), and wait for a retry.
    const failing = await eventually(
      async () => {
        const mine = (await jobs(api)).filter((job) => !before.has(job.id));
        return mine.length === 2 && mine.every((job) => job.state === 'retry') ? mine : undefined;
      },
      30_000,
      'both jobs to fail once',
    );
    expect(server.mails).toEqual([]);

    await server.up();
    await jobsSettled(api.app, 60_000);
    const done = (await jobs(api)).filter((job) => !before.has(job.id));
    expect(done.map((job) => job.state)).toEqual(['completed', 'completed']);
    for (const job of done) expect(job.retry_count).toBeGreaterThanOrEqual(1);

    // Each message once, its Message-ID made of its job's id.
    const reset = failing.find((job) => job.data.template === 'passwordResetLink');
    const notice = failing.find((job) => job.data.template === 'claimStatus');
    if (reset === undefined || notice === undefined) throw new Error('missing jobs');
    const resetMails = server.withId(`<${reset.id}@portal.test>`);
    const noticeMails = server.withId(`<${notice.id}@portal.test>`);
    expect(resetMails).toHaveLength(1);
    expect(noticeMails).toHaveLength(1);
    expect(resetMails[0]?.to).toEqual([email]);
    expect(resetMails[0]?.raw).toMatch(/reset-password\?token=/);
    expect(noticeMails[0]?.to).toEqual([world.emails.manager]);
    expect(noticeMails[0]?.subject).toMatch(/: in review$/);
    expect(server.mails).toHaveLength(2);
  });

  it('delivers a job committed by an app closed before its worker ran, from a fresh app on the same database', async () => {
    const server = await smtp();
    await server.up();
    // WORKER=off: the first app commits the change and its job, and never runs it.
    const first = await app(server, { WORKER: 'off' });
    const email = await person(first, 'killed');
    await first.app.get(AuthService).sendResetLink(email, '127.0.0.1');
    const pending = (await jobs(first)).filter((job) => job.state === 'created');
    expect(pending).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.mails).toEqual([]);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await app(server);
    await jobsSettled(second.app);
    const [job] = pending;
    expect(server.withId(`<${job?.id}@portal.test>`)).toHaveLength(1);
    expect(server.mails.map((mail) => mail.to)).toEqual([[email]]);
  });

  it('lets a running job finish when the app closes', async () => {
    const server = await smtp({ delayMs: 3_000 });
    await server.up();
    const api = await app(server);
    const email = await person(api, 'closing');
    await api.app.get(AuthService).sendResetLink(email, '127.0.0.1');
    const [job] = (await jobs(api)).filter((row) => row.state !== 'completed');
    if (job === undefined) throw new Error('no job');
    // The SMTP server holds the message for 3 s: the app is closed while the job runs.
    await eventually(
      async () => {
        const [row] = (await jobs(api)).filter((r) => r.id === job.id);
        return row?.state === 'active' ? row : undefined;
      },
      30_000,
      'the job to run',
    );
    await api.close();
    apps.splice(apps.indexOf(api), 1);
    expect(server.withId(`<${job.id}@portal.test>`)).toHaveLength(1);

    const after = await app(server, { WORKER: 'off' });
    const [row] = (await jobs(after)).filter((r) => r.id === job.id);
    expect(row?.state).toBe('completed');
  });

  it('enqueues nothing when the change rolls back', async () => {
    const server = await smtp();
    await server.up();
    const api = await app(server);
    const email = await person(api, 'rolled-back');
    const count = async () => (await jobs(api)).length;
    const before = await count();
    await expect(
      api.app.get(Database).transaction(async (manager) => {
        await api.app.get(MailService).enqueue(manager, {
          template: 'passwordChanged',
          data: {
            to: { email, name: 'Rolled back' },
            forgotPasswordUrl: 'http://portal.test/x',
            settingsLink: null,
          },
        });
        // The job is there inside the transaction…
        const inside = (await manager.query(`SELECT count(*)::int AS n FROM pgboss.job`)) as Array<{
          n: number;
        }>;
        expect(inside[0]?.n).toBe(before + 1);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    // …and gone with it.
    expect(await count()).toBe(before);
    await jobsSettled(api.app);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.mails).toEqual([]);
  });

  it('sends nothing for a transition that fails after its notice was enqueued, nor for a stale one (412)', async () => {
    const server = await smtp();
    await server.up();
    const api = await app(server);
    const dataSource = api.app.get(DataSource);
    const world = await claimsWorld(api, dataSource, `rollback-${randomUUID().slice(0, 6)}`);
    const claims = claimsClient(api, world);
    const claim = await insertClaim(dataSource, world.partner.id, {
      status: 'submitted',
      createdByUserId: world.userIds.manager,
    });
    const before = (await jobs(api)).length;

    // The transition's transaction enqueues the creator's notice, then fails: a forced error after
    // the insert of the job, inside the same transaction.
    const mail = api.app.get(MailService);
    const enqueue = mail.enqueue.bind(mail);
    let enqueuedInside = 0;
    const failing = jest.spyOn(mail, 'enqueue').mockImplementation(async (manager, message) => {
      await enqueue(manager, message);
      enqueuedInside += 1;
      throw new Error('the change fails after its e-mail was enqueued');
    });
    try {
      const failed = await claims.transition('staff', claim.id, { action: 'start_review' }, 1);
      expect(failed.statusCode).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect(enqueuedInside).toBe(1);
    // A stale version: refused before anything is written.
    const stale = await claims.transition('staff', claim.id, { action: 'start_review' }, 7);
    expect(stale.statusCode).toBe(412);

    expect((await jobs(api)).length).toBe(before);
    const after = await claims.get('staff', claim.id);
    expect(after.json<{ status: string; version: number }>()).toMatchObject({
      status: 'submitted',
      version: 1,
    });
    await jobsSettled(api.app);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.mails.filter((m) => m.to.includes(world.emails.manager))).toEqual([]);
  });

  it('sends each of N jobs once, never two at a time, with two app instances on one database', async () => {
    const server = await smtp({ delayMs: 150 });
    await server.up();
    const first = await app(server);
    const second = await app(server);
    const n = 24;
    const recipients = Array.from(
      { length: n },
      (_, i) => `many-${i}-${randomUUID().slice(0, 6)}@jobs.test`,
    );
    const mail = first.app.get(MailService);
    await first.app.get(Database).transaction(async (manager) => {
      for (const to of recipients) {
        await mail.enqueue(manager, {
          template: 'invitation',
          data: {
            to,
            partnerName: 'Many',
            role: 'viewer',
            link: 'http://portal.test/welcome',
            settingsLink: 'http://portal.test/many/settings/notifications',
          },
        });
      }
    });
    await jobsSettled(first.app, 90_000);
    await jobsSettled(second.app, 1_000);
    const mine = server.mails.filter((m) => m.to.some((to) => recipients.includes(to)));
    expect(mine).toHaveLength(n);
    expect(new Set(mine.map((m) => m.messageId)).size).toBe(n);
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(n);
    expect(server.concurrent).toEqual([]);
  });

  /**
   * What a database restart does to the statement that records a job's outcome (docs/operations.md,
   * "The job queue across a database restart"): the job's row is held until that statement waits on
   * it (`statement` matches its text), its connection is then ended as a restart ends it (57P01), and
   * the row let go.
   */
  async function cutOffOutcomeOf(jobId: string, statement: RegExp): Promise<void> {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM pgboss.job WHERE id = $1 FOR UPDATE', [jobId]);
      const pid = await eventually(
        async () => {
          // The statistics are read once per transaction unless cleared: the locker's is open.
          await locker.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await locker.query<{ pid: number; query: string }>(
            `SELECT pid, query FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          return rows.find((row) => statement.test(row.query))?.pid;
        },
        20_000,
        "the job's outcome to wait on its row",
      );
      await locker.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  }

  /** The job of the reset link asked for `email`, once a worker runs it. */
  async function runningResetJob(api: TestApp, before: Set<string>): Promise<JobRow> {
    return eventually(
      async () =>
        (await jobs(api)).find(
          (row) =>
            !before.has(row.id) &&
            row.data.template === 'passwordResetLink' &&
            row.state === 'active',
        ),
      30_000,
      'the job to run',
    );
  }

  /** Waits until the job `id` is recorded as done. */
  async function completed(api: TestApp, id: string, timeoutMs: number, what: string) {
    await eventually(
      async () =>
        (await jobs(api)).find((row) => row.id === id)?.state === 'completed' ? true : undefined,
      timeoutMs,
      what,
    );
  }

  it('records a sent e-mail as done although the statement that recorded it was cut off: it is not sent again', async () => {
    const server = await smtp({ delayMs: 1_500 });
    await server.up();
    const api = await app(server);
    const before = new Set((await jobs(api)).map((job) => job.id));
    const email = await person(api, 'cut-done');
    await api.app.get(AuthService).sendResetLink(email, '127.0.0.1');
    const job = await runningResetJob(api, before);
    const foreign = jest.spyOn(api.app.get(Database), 'foreign');

    await cutOffOutcomeOf(job.id, /completed_on = now\(\)/);
    // Without its record the job stayed running until its 15-minute timeout, then was sent again.
    await completed(api, job.id, 10_000, 'the job to be recorded as done');
    expect(server.withId(`<${job.id}@portal.test>`)).toHaveLength(1);
    // The completion cut off and the one after it; pg-boss's own, unawaited (a restart made it an
    // unhandled rejection), is answered without the database.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const completions = foreign.mock.calls.filter(
      ([text, values]) => /completed_on = now\(\)/.test(text) && String(values[1]) === job.id,
    );
    expect(completions).toHaveLength(2);
  });

  it('records a failed attempt although the statement that recorded it was cut off: it is retried at once, not after its timeout', async () => {
    const server = await smtp({ delayMs: 1_500 });
    server.refusing = true;
    await server.up();
    const api = await app(server, { JOB_RETRY_DELAY_SECONDS: '1' });
    const before = new Set((await jobs(api)).map((job) => job.id));
    const email = await person(api, 'cut-failed');
    await api.app.get(AuthService).sendResetLink(email, '127.0.0.1');
    const job = await runningResetJob(api, before);

    await cutOffOutcomeOf(job.id, /WITH deleted_jobs AS/);
    server.refusing = false;
    // Without its record the job stayed running until its 15-minute timeout before its retry.
    await completed(api, job.id, 15_000, 'the job to be retried and done');
    expect(server.withId(`<${job.id}@portal.test>`)).toHaveLength(1);
    expect((await jobs(api)).find((row) => row.id === job.id)?.retry_count).toBe(1);
  });

  it("logs pg-boss's own failures as errors, except a database that is down (the outage's one line tells it)", async () => {
    const api = await app(await smtp(), { WORKER: 'off' });
    const mark = api.logs.lines.length;
    reportQueueError(
      api.app,
      new QueryFailedError(
        'UPDATE pgboss.version SET cron_on = now()',
        [],
        new Error('timeout exceeded when trying to connect'),
      ),
    );
    reportQueueError(
      api.app,
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    );
    reportQueueError(api.app, new Error('a schedule that cannot be parsed'));
    const errors = api.logs.lines
      .slice(mark)
      .filter((line) => line.msg === 'The job queue reported an error');
    expect(errors).toEqual([
      expect.objectContaining({
        level: 50,
        err: expect.objectContaining({ message: 'a schedule that cannot be parsed' }),
      }),
    ]);
  });

  it('counts a job that exhausted its retries as dead in the health body, and logs it without its token', async () => {
    const server = await smtp(); // never up
    const api = await app(server, { JOB_RETRIES: '1' });
    const email = await person(api, 'dead');
    await api.app.get(AuthService).sendResetLink(email, '127.0.0.1');
    const [job] = (await jobs(api)).filter(
      (row) => row.data.template === 'passwordResetLink' && row.state !== 'completed',
    );
    if (job === undefined) throw new Error('no reset job');
    const token = /token=([A-Za-z0-9_-]+)/.exec(job.data.data.link ?? '')?.[1];
    expect(token).toBeDefined();
    api.secrets.add(token ?? '');

    await eventually(
      async () => {
        const [row] = (await jobs(api)).filter((r) => r.id === job.id);
        return row?.state === 'failed' ? row : undefined;
      },
      30_000,
      'the job to be dead',
    );
    const health = await api.request('/api/health/ready');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'ok',
      jobs: { pending: 0, failed: 0, dead: expect.any(Number) },
    });
    expect(health.json<{ jobs: { dead: number } }>().jobs.dead).toBeGreaterThanOrEqual(1);

    const lines = api.logs.lines.filter((line) => line.jobId === job.id);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['Job failed: it will be retried', 'Job dead after 2 attempts']),
    );
    const dead = lines.find((line) => line.msg === 'Job dead after 2 attempts');
    expect(dead).toMatchObject({ kind: 'mail', template: 'passwordResetLink', level: 50 });
    const text = JSON.stringify(api.logs.lines);
    expect(text).not.toContain(token);
    expect(server.mails).toEqual([]);
  });
});
