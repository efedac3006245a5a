import { Controller, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '#src/jobs/job-queue.js';
import { eventually } from '../support/jobs.js';
import { type TestApp, startTestApp } from '../support/test-app.js';
import { type TestDatabase, startTestDatabase } from '../support/test-database.js';

const runs: Date[] = [];

/**
 * A feature's scheduled job, registered as the daily digest registers its own (docs/operations.md,
 * Jobs): define the kind, then schedule it, in onModuleInit. A controller without routes is the test
 * app's way to add a provider beside the product's modules.
 */
@Controller()
class TickingFeature implements OnModuleInit {
  constructor(private readonly jobs: JobQueue) {}

  onModuleInit(): void {
    const tick = this.jobs.define<Record<string, never>>({
      name: 'test-tick',
      run: async () => {
        runs.push(new Date());
      },
    });
    this.jobs.schedule(tick, { cron: '* * * * *' });
  }
}

describe('the job queue: scheduled jobs', () => {
  let database: TestDatabase;
  let api: TestApp;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, testControllers: [TickingFeature] });
  });

  afterAll(async () => {
    await api?.close();
    await database.stop();
  });

  it('runs a scheduled kind of job at its cron times, as a job of the queue', async () => {
    await eventually(() => (runs.length > 0 ? runs.length : undefined), 150_000, 'a tick');
    const rows = (await api.app
      .get(DataSource)
      .query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'test-tick'`)) as Array<{
      cron: string;
      timezone: string;
    }>;
    expect(rows).toEqual([{ cron: '* * * * *', timezone: 'UTC' }]);
    // The worker marks the job completed once its handler has returned: a moment after the tick.
    await eventually(
      async () => {
        const jobs = (await api.app
          .get(DataSource)
          .query(
            `SELECT state::text AS state FROM pgboss.job WHERE name = 'test-tick' AND state = 'completed'`,
          )) as unknown[];
        return jobs.length >= 1 ? jobs.length : undefined;
      },
      30_000,
      'a completed tick',
    );
  }, 180_000);
});
