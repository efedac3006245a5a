import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { createAppAround } from '../src/app.factory.js';
import { AppModule } from '../src/app.module.js';
import { AccessTokens } from '../src/auth/tokens/access-tokens.js';
import { RefreshSessions } from '../src/auth/tokens/refresh-sessions.js';
import { loadConfig } from '../src/config/app-config.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { BenchModule } from './bench.module.js';
import { countQueries } from './query-counter.js';

/**
 * The BFF with the benchmark's module, on DATABASE_URL; prints one JSON line: its port and an access
 * token of BENCH_USER_EMAIL (default the demo data's admin@acme.example), and one of BENCH_STAFF_EMAIL
 * when it is set.
 */
countQueries();
const config = loadConfig();
@Module({})
class BenchAppModule {}
const app = await createAppAround(
  { module: BenchAppModule, imports: [AppModule.forRoot({ config }), BenchModule] },
  config,
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.getHttpServer().address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const email = process.env.BENCH_USER_EMAIL ?? 'admin@acme.example';
const user = await app.get(UsersRepository).findByEmail(email);
if (user === undefined) throw new Error(`no user ${email} in the database`);
const tokens = app.get(AccessTokens);
/** An access token of a session the BFF issued (a token of any other `sid` is refused). */
async function accessTokenOf(of: { id: string; credentialGeneration: number }): Promise<string> {
  const session = await app.get(RefreshSessions).start(of.id, of.credentialGeneration);
  if (session === undefined) throw new Error(`no session for user ${of.id}`);
  return tokens.sign(of.id, session.sessionId, of.credentialGeneration, new Date());
}
const token = await accessTokenOf(user);
// BENCH_STAFF_EMAIL: a second token, of a staff account (the dashboards bench's staff case).
const staffEmail = process.env.BENCH_STAFF_EMAIL;
const staff =
  staffEmail === undefined ? undefined : await app.get(UsersRepository).findByEmail(staffEmail);
if (staffEmail !== undefined && staff === undefined)
  throw new Error(`no user ${staffEmail} in the database`);
const staffToken = staff === undefined ? undefined : await accessTokenOf(staff);
process.stdout.write(`${JSON.stringify({ port, token, userId: user.id, staffToken })}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
