import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { AccessTokens } from '../src/auth/tokens/access-tokens.js';
import { loadConfig } from '../src/config/app-config.js';
import { BenchModule } from './bench.module.js';
import { countQueries } from './query-counter.js';

/** The BFF with the benchmark's module, on DATABASE_URL; prints one JSON line: port and a token. */
countQueries();
const config = loadConfig();
const app = await createApp(config, { extraModules: [BenchModule] });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.getHttpServer().address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const dataSource = app.get(DataSource);
const rows = (await dataSource.query(
  `SELECT id, tokens_valid_after FROM users WHERE email = 'admin@acme.example'`,
)) as Array<{ id: string; tokens_valid_after: Date | null }>;
const admin = rows[0];
if (admin === undefined) throw new Error('no demo data');
const token = app
  .get(AccessTokens)
  .sign(admin.id, randomUUID(), new Date(), admin.tokens_valid_after);
process.stdout.write(`${JSON.stringify({ port, token, userId: admin.id })}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
