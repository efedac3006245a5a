import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { createAppAround } from '../src/app.factory.js';
import { AppModule } from '../src/app.module.js';
import { AccessTokens } from '../src/auth/tokens/access-tokens.js';
import { loadConfig } from '../src/config/app-config.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { BenchModule } from './bench.module.js';
import { countQueries } from './query-counter.js';

/** The BFF with the benchmark's module, on DATABASE_URL; prints one JSON line: port and a token. */
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
const admin = await app.get(UsersRepository).findByEmail('admin@acme.example');
if (admin === undefined) throw new Error('no demo data');
const token = app
  .get(AccessTokens)
  .sign(admin.id, randomUUID(), new Date(), admin.tokensValidAfter);
process.stdout.write(`${JSON.stringify({ port, token, userId: admin.id })}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
