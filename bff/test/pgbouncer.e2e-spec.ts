import { Database } from '../src/database/database.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { CHEAP_ARGON2, accessTokenOf } from './support/identity.js';
import { pgBouncerUnavailable } from './support/pgbouncer.js';
import { startTestApp } from './support/test-app.js';
import { connectThroughPgBouncer, startTestDatabase } from './support/test-database.js';

/**
 * The BFF behind a transaction pooler (PgBouncer 1.18 in transaction mode, Debian's package), the most
 * common way to run many instances on one database: nothing may rely on state a server connection
 * keeps between transactions (named prepared statements, SET). The identity and partner specs, the
 * job queue's (e-mails through a real SMTP server) and the mail specs (notification preferences,
 * claim e-mails, the daily digest with two instances) run here a second time, every database of this
 * file reached through PgBouncer; then 400 concurrent partner reads over real HTTP.
 */
const unavailable = pgBouncerUnavailable();

if (unavailable === undefined) {
  connectThroughPgBouncer();
  await import('./auth.e2e-spec.js');
  await import('./authorization-matrix.e2e-spec.js');
  await import('./session-race.e2e-spec.js');
  await import('./jobs.e2e-spec.js');
  await import('./notifications.e2e-spec.js');

  describe('through PgBouncer in transaction mode', () => {
    it('answers 400 concurrent GET /api/partners/acme-outdoor with 200', async () => {
      const database = await startTestDatabase();
      const api = await startTestApp({
        databaseUrl: database.url,
        env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
      });
      try {
        // Unnamed statements: PgBouncer 1.18 would hand a prepared one's name to another server
        // connection that never saw it (DATABASE_PREPARED_STATEMENTS=false, support/test-app.ts).
        expect(api.app.get(Database).prepared).toBe(false);
        await api.app.listen({ port: 0, host: '127.0.0.1' });
        const address = api.app.getHttpServer().address();
        const port = typeof address === 'object' && address !== null ? address.port : 0;
        const viewer = await api.app.get(UsersRepository).findByEmail('viewer@acme.example');
        if (viewer === undefined) throw new Error('no demo data');
        const token = await accessTokenOf(api, viewer);
        api.secrets.add(token);
        const statuses = await Promise.all(
          Array.from({ length: 400 }, async () => {
            const response = await fetch(`http://127.0.0.1:${port}/api/partners/acme-outdoor`, {
              headers: { authorization: `Bearer ${token}` },
            });
            await response.arrayBuffer();
            return response.status;
          }),
        );
        const counts: Record<string, number> = {};
        for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
        expect(counts).toEqual({ 200: 400 });
      } finally {
        await api.close();
        await database.stop();
      }
    });
  });
} else {
  describe('through PgBouncer in transaction mode', () => {
    it.skip(`is not run: ${unavailable}`, () => {});
  });
}
