import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '#src/database/data-source-options.js';
import { countQueries } from '../query-counter.js';
import { replay, type ReplayedStatement } from '../replay.js';

/** One page the bare handler answers: the BFF's statements for it, and the BFF's answer. */
export interface BarePage {
  statements: ReplayedStatement[];
  /** The BFF's JSON answer to the page, sent again (serialized on every request) as this page's. */
  body: unknown;
}

/**
 * The reference of the benches' throughput targets (docs/performance.md, "The BFF against a bare
 * handler"): a bare Fastify handler that, for each page recorded (`GET /bare/<key>`), sends the very
 * statements the BFF sent for it (recorded by the query counter, with their values, the partner
 * guard's included) on a pg Pool of the BFF's size, each as soon as the statements it waited for in
 * the BFF are done (what the BFF had in flight together goes together), and answers the BFF's own
 * answer to the page, serialized again (`JSON.stringify`): the same SQL and the same bytes. No Nest,
 * no guards, no validation, no TypeORM, no mapping: what the authenticated endpoint costs above its
 * SQL is the difference. Statements are named (prepared once per connection) when BARE_NAMED_STATEMENTS
 * is `true`, so the bare side follows the BFF's own setting (bench/support.ts, namedStatements).
 * Reads BARE_PAGES (a JSON file of `Record<key, BarePage>`) and DATABASE_URL; prints `{"port": n}`
 * when it listens.
 */
// The BFF's pg clients count statements and rows in the bench: so do these, the same cost on both sides.
countQueries();
const file = process.env.BARE_PAGES;
if (file === undefined) throw new Error('BARE_PAGES is not set');
const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, BarePage>;
const named = process.env.BARE_NAMED_STATEMENTS === 'true';
const names = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = `bare_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const app = Fastify({ logger: false });

for (const [key, page] of Object.entries(pages)) {
  app.get(`/bare/${key}`, async () => {
    await replay(page.statements, async (text, values) =>
      named
        ? (await pool.query({ name: nameOf(text), text, values })).rows
        : (await pool.query(text, values)).rows,
    );
    return page.body;
  });
}

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
