import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { DEMO_PARTNERS, DEMO_PASSWORD } from '../src/database/seed/demo-data.js';
import { Membership } from '../src/partners/membership.entity.js';
import { Partner } from '../src/partners/partner.entity.js';
import { verifyPassword } from '../src/users/password-hash.js';
import { User } from '../src/users/user.entity.js';
import { AuthService } from '../src/auth/auth.service.js';
import { jobsSettled } from './support/jobs.js';
import { startTestApp } from './support/test-app.js';

describe('the embedded default (no DATABASE_URL)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bff-data-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates and loads the demo data once; a second start reuses it', async () => {
    const first = await startTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const dataSource = first.app.get(DataSource);
      expect(await dataSource.getRepository(Partner).count()).toBe(3);
      expect(await dataSource.getRepository(User).count()).toBe(8);
      const memberships = await dataSource
        .getRepository(Membership)
        .find({ relations: { partner: true } });
      const perPartner: Record<string, number> = {};
      for (const { partner } of memberships) {
        const slug = partner?.slug ?? '';
        perPartner[slug] = (perPartner[slug] ?? 0) + 1;
      }
      expect(perPartner).toEqual({ 'acme-outdoor': 4, northwind: 2, globex: 1 });

      const partners = await dataSource
        .getRepository(Partner)
        .find({ order: { createdAt: 'ASC', slug: 'ASC' } });
      expect(
        partners.map(({ slug, name, currency, timeZone }) => ({ slug, name, currency, timeZone })),
      ).toEqual(expect.arrayContaining(DEMO_PARTNERS.map((partner) => ({ ...partner }))));

      const staff = await dataSource
        .getRepository(User)
        .findOneBy({ email: 'STAFF@portal.example' });
      expect(staff?.isStaff).toBe(true);
      await expect(verifyPassword(staff?.passwordHash ?? '', DEMO_PASSWORD)).resolves.toBe(true);

      // A second process must not open the same files while this one runs.
      await expect(
        EmbeddedPostgres.start({ dataDir: path.join(dataDir, 'pglite'), maxConnections: 2 }),
      ).rejects.toThrow(/in use by process/);
    } finally {
      await first.close();
    }

    const second = await startTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const dataSource = second.app.get(DataSource);
      expect(await dataSource.getRepository(Partner).count()).toBe(3);
      expect(await dataSource.getRepository(User).count()).toBe(8);
      const messages = second.logs.lines.map((line) => line.msg);
      expect(messages.filter((message) => message === 'Demo data loaded')).toHaveLength(1);
      expect(
        messages.filter(
          (message) => message === 'Demo data not loaded: the database already holds data',
        ),
      ).toHaveLength(1);
      const ready = await second.request('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ok',
        jobs: { pending: 0, failed: 0, dead: 0 },
      });

      // E-mail through the job queue on PGlite: the reset link's job commits with its token, the
      // worker writes it to the outbox (DATA_DIR/outbox, one JSON file, as without the queue).
      await second.app.get(AuthService).sendResetLink('viewer@acme.example', '127.0.0.1');
      await jobsSettled(second.app);
      const outbox = path.join(dataDir, 'outbox');
      const files = (await readdir(outbox)).filter((file) => file.endsWith('.json'));
      expect(files).toHaveLength(1);
      const mail = JSON.parse(await readFile(path.join(outbox, files[0] ?? ''), 'utf8')) as {
        to: Array<{ address: string }>;
        subject: string;
        text: string;
        messageId: string;
      };
      expect(mail.to.map((to) => to.address)).toEqual(['viewer@acme.example']);
      expect(mail.subject).toBe('Reset your partner portal password');
      expect(mail.text).toMatch(/reset-password\?token=/);
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@portal\.test>$/);

      // PGlite is one session behind its socket server, which interleaves the protocol messages of
      // its connections: two connections' unnamed statements would overwrite each other between
      // Parse and Bind (an error, or another statement's rows). The embedded pool has one connection.
      // A large parameter arrives in many chunks, so another connection's statement gets in between.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          index % 2 === 0
            ? dataSource.query('SELECT length($1::text) - $2::int AS n', [
                'x'.repeat(1_000_000 + index),
                1_000_000,
              ])
            : dataSource.query('SELECT $1::int + 0 AS n', [index]),
        ),
      );
      expect(answers.map((rows: Array<{ n: number }>) => rows[0]?.n)).toEqual(
        Array.from({ length: 40 }, (_, index) => index),
      );
    } finally {
      await second.close();
    }
  }, 180_000); // two starts of the embedded database, the first migrating and seeding it: over a minute on a loaded machine
});
