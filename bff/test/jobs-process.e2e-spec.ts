import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { insertClaim } from './support/claim-fixtures.js';
import { type ClaimsWorld, claimsWorld } from './support/claims-api.js';
import { BffProcess, buildBffIfStale } from './support/bff-process.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { eventually } from './support/jobs.js';
import { type CapturedMail, TestSmtpServer } from './support/smtp.js';
import { type TestApp, TEST_PUBLIC_URL, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface JobRow {
  id: string;
  state: string;
  template: string;
  to: string;
}

/**
 * Nothing lost across processes (docs/product.md, Nothing lost; issue 21, must-shows 1 and 2): real
 * BFF processes (`node bff/dist/main.js`) on one database, a real SMTP server (`smtp-server`) that is
 * down and comes up, a graceful restart (SIGTERM) and a crash (SIGKILL). The jest process runs an
 * application of its own with WORKER=off, only to create the partners and people and to read the
 * queue. Needs a PostgreSQL server (TEST_DATABASE_URL): the in-memory PGlite cannot be shared by
 * processes (its connections share one session).
 */
const onServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onServer('the job queue across BFF processes', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let smtp: TestSmtpServer;
  let dataDir: string;
  /** One key for the jest process's tokens and the spawned processes that check them. */
  const jwtSecret = randomBytes(48).toString('base64url');

  beforeAll(async () => {
    await buildBffIfStale();
    database = await startTestDatabase();
    smtp = await TestSmtpServer.reserve();
    dataDir = await mkdtemp(path.join(tmpdir(), 'bff-process-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, JWT_SECRET: jwtSecret, WORKER: 'off', SMTP_URL: smtp.url },
    });
    dataSource = api.app.get(DataSource);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await smtp?.down();
    await database?.stop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  /** A BFF process on the file's database and SMTP server; `env` adds to or overrides its settings. */
  const start = (env: Record<string, string> = {}) =>
    BffProcess.start({
      ...CHEAP_ARGON2,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: TEST_PUBLIC_URL,
      SMTP_URL: smtp.url,
      DIGEST: 'off',
      JOB_RETRY_DELAY_SECONDS: '1',
      ...env,
    });

  async function mailJobs(): Promise<JobRow[]> {
    return (await dataSource.query(
      `SELECT id, state::text AS state, data->>'template' AS template,
              coalesce(data->'data'->'to'->>'email', data->'data'->>'to') AS "to"
         FROM pgboss.job WHERE name = 'mail' ORDER BY created_on`,
    )) as JobRow[];
  }

  const messageIdOf = (job: JobRow) => `<${job.id}@portal.test>`;

  async function person(): Promise<string> {
    const email = `process-${randomUUID().slice(0, 8)}@jobs.test`;
    await createUser(dataSource, email, 'unused');
    return email;
  }

  /** A submitted claim of the world's manager: its start of review e-mails the manager. */
  const submittedClaim = (world: ClaimsWorld) =>
    insertClaim(dataSource, world.partner.id, {
      status: 'submitted',
      createdByUserId: world.userIds.manager,
    });

  const startReview = (
    bff: BffProcess,
    world: ClaimsWorld,
    claim: { id: string; version: number },
  ) =>
    bff.request(`/api/partners/${world.partner.slug}/claims/${claim.id}/transitions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.tokens.staff}`, 'if-match': `"${claim.version}"` },
      body: { action: 'start_review' },
    });

  const forgotPassword = (bff: BffProcess, email: string) =>
    bff.request('/api/auth/forgot-password', { method: 'POST', body: { email } });

  /** The job of each recipient (besides `known` ones), once every one of them has one in `state`. */
  async function jobsOf(
    recipients: string[],
    state: string,
    what: string,
    known: JobRow[] = [],
  ): Promise<JobRow[]> {
    return eventually(
      async () => {
        const jobs = (await mailJobs()).filter(
          (job) => recipients.includes(job.to) && !known.some((old) => old.id === job.id),
        );
        return jobs.length === recipients.length && jobs.every((job) => job.state === state)
          ? recipients.map((to) => jobs.find((job) => job.to === to) as JobRow)
          : undefined;
      },
      30_000,
      what,
    );
  }

  /** The one message of each job, once all have arrived and a second more has brought no repeat. */
  async function deliveredOnce(jobs: JobRow[]): Promise<CapturedMail[]> {
    await eventually(
      () => (jobs.every((job) => smtp.withId(messageIdOf(job)).length > 0) ? true : undefined),
      // A job that failed several times waits longer (backoff): up to 8–16 s after a fourth failure.
      45_000,
      'every message to arrive',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return jobs.map((job) => {
      const copies = smtp.withId(messageIdOf(job));
      expect([job.template, copies.length]).toEqual([job.template, 1]);
      expect(copies[0]?.to).toEqual([job.to]);
      return copies[0] as CapturedMail;
    });
  }

  // One story in four steps, three processes (each start costs seconds): the first is stopped with
  // messages failed, the second killed with one committed, the third delivers them all.
  let world: ClaimsWorld;
  /** The jobs the first two processes left for the third. */
  const left: JobRow[] = [];
  let next: BffProcess | undefined;

  afterAll(async () => {
    await next?.stop();
  });

  it('answers a reset link and a claim notice while SMTP is down; both fail and wait for a retry; SIGTERM stops the process', async () => {
    world = await claimsWorld(api, dataSource, `process-${randomUUID().slice(0, 6)}`);
    const email = await person();
    const first = await start({ WORKER_POLL_SECONDS: '1' });
    try {
      expect((await forgotPassword(first, email)).status).toBe(202);
      expect((await startReview(first, world, await submittedClaim(world))).status).toBe(200);
      const failed = await jobsOf([email, world.emails.manager], 'retry', 'both to fail once');
      expect(failed.map((job) => job.template)).toEqual(['passwordResetLink', 'claimStatus']);
      left.push(...failed);
      expect(smtp.mails).toEqual([]);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 90_000);

  it('keeps the notice of a transition whose process is killed (SIGKILL) as soon as it answered', async () => {
    // WORKER=off: this process commits the transition and its e-mail's job, and cannot send it.
    const doomed = await start({ WORKER: 'off' });
    const answer = await startReview(doomed, world, await submittedClaim(world));
    // No shutdown of any kind, right after the commit.
    expect(await doomed.kill()).toBe('SIGKILL');
    expect(answer.status).toBe(200);
    const [job] = await jobsOf([world.emails.manager], 'created', 'the committed job', left);
    if (job === undefined) throw new Error('no job');
    left.push(job);
  }, 90_000);

  it('delivers all three from the next process once SMTP is up, each exactly once by Message-ID', async () => {
    expect(left).toHaveLength(3);
    expect(smtp.mails).toEqual([]);
    // The product's default poll (2 s): the delivery time of the next test is what a deployment gets.
    next = await start();
    await smtp.up();
    const [reset, notice, killedNotice] = await deliveredOnce(left);
    expect(reset?.raw).toMatch(/reset-password\?token=/);
    expect(notice?.subject).toMatch(/: in review$/);
    expect(killedNotice?.subject).toMatch(/: in review$/);
    expect(smtp.mails).toHaveLength(3);
    for (const line of next.lines) expect(JSON.stringify(line)).not.toMatch(/token=/);
  }, 90_000);

  it('delivers a reset link and a claim notice within 5 s of their answers with SMTP up throughout', async () => {
    if (next === undefined) throw new Error('no process');
    const email = await person();
    const forgot = await forgotPassword(next, email);
    const resetAnswered = Date.now();
    expect(forgot.status).toBe(202);
    const review = await startReview(next, world, await submittedClaim(world));
    const noticeAnswered = Date.now();
    expect(review.status).toBe(200);
    const sent = await jobsOf([email, world.emails.manager], 'completed', 'both sent', left);
    const [reset, notice] = await deliveredOnce(sent);
    const delays = [
      (reset?.receivedAt ?? Infinity) - resetAnswered,
      (notice?.receivedAt ?? Infinity) - noticeAnswered,
    ];
    for (const delay of delays) expect(delay).toBeLessThan(5_000);
  }, 90_000);
});
