import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '#src/database/data-source-options.js';
import { countQueries } from '../query-counter.js';
import { replay, type ReplayedStatement } from '../replay.js';

/**
 * The reference of bench:inventory's throughput target: a bare Fastify handler that sends the very
 * statements the BFF sent for the first list page (recorded by the query counter, with their values)
 * on a pg Pool of the BFF's size, each as soon as the statements it waited for in the BFF are done
 * (those that had ended when it started: what the BFF had in flight together goes together), and
 * answers their rows as JSON. No Nest, no guards, no validation, no TypeORM, no mapping: what the
 * authenticated endpoint costs above its SQL is the difference.
 * Reads BARE_STATEMENTS (a JSON file of `ReplayedStatement`s, in the order they were sent) and
 * DATABASE_URL; prints `{"port": n}` when it listens.
 */
// The BFF's pg clients count statements and rows in the bench: so do these, the same cost on both sides.
countQueries();
const file = process.env.BARE_STATEMENTS;
if (file === undefined) throw new Error('BARE_STATEMENTS is not set');
const statements = JSON.parse(readFileSync(file, 'utf8')) as ReplayedStatement[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const app = Fastify({ logger: false });

app.get('/list', () =>
  replay(statements, async (text, values) => (await pool.query(text, values)).rows),
);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port })}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}
