import 'reflect-metadata';
import { DataSource } from 'typeorm';
const dist = process.cwd() + '/dist';
const { dataSourceOptions } = await import(dist + '/database/data-source-options.js');
const { InventoryRepository } = await import(dist + '/inventory/inventory.repository.js');
const { ListCursorCodec } = await import(dist + '/common/list/index.js');

const ds = new DataSource(dataSourceOptions({ url: process.env.URL, poolSize: 4, migrationsRun: false }));
await ds.initialize();
const captured = [];
ds.subscribers.push({ beforeQuery: (e) => captured.push([e.query, e.parameters]) });
const repo = new InventoryRepository(ds);
const codec = new ListCursorCodec(Buffer.alloc(32, 1));
const P = process.env.PARTNER ?? '11111111-1111-4111-8111-111111111111';
const cases = JSON.parse(process.argv[2]);
const verbose = process.env.PLANS === '1';
for (const [label, filters, sort, deep] of cases) {
  let query = { limit: 25, sort };
  if (deep) {
    let page = await repo.page(P, filters, { limit: 100, sort }, codec);
    for (let i = 1; i < deep && page.nextCursor; i++) page = await repo.page(P, filters, { limit: 100, sort, cursor: page.nextCursor }, codec);
    query = { limit: 25, sort, cursor: page.nextCursor };
  }
  const times = [];
  let page;
  for (let i = 0; i < 5; i++) {
    captured.length = 0;
    const t = performance.now();
    page = await repo.page(P, filters, query, codec);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`=== ${label}: ${page.items.length} rows, total ${page.total} exact=${page.totalExact}, median ${times[2].toFixed(1)} ms (min ${times[0].toFixed(1)}), ${captured.length} statements`);
  if (!verbose) continue;
  for (const [sql, params] of captured) {
    if (sql.startsWith('EXPLAIN')) continue;
    const plan = await ds.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
    console.log('  ' + sql.replace(/\s+/g, ' ').replace(/SELECT .* FROM/, 'SELECT … FROM').slice(0, 300));
    console.log(plan.map((r) => '    ' + r['QUERY PLAN']).filter((l) => !/Buffers|Planning:|Memory/.test(l)).join('\n'));
  }
}
await ds.destroy();
