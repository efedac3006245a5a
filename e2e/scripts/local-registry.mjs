// A throwaway npm registry (Verdaccio 5: 6 wants Node 22) for the outside-consumer test:
// `node scripts/local-registry.mjs <dir>` keeps its packages in <dir>/storage, listens on a free port of
// 127.0.0.1 and prints its URL as its first line. It holds only @partner-portal/* packages, which anyone
// may read and publish (any bearer token); every other package comes from the usual registry.
// It runs until killed.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: node scripts/local-registry.mjs <dir>');
  process.exit(2);
}

const { runServer } = createRequire(import.meta.url)('verdaccio');
const app = await runServer({
  self_path: join(dir, 'config.yaml'),
  storage: join(dir, 'storage'),
  auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: -1 } },
  uplinks: {},
  packages: { '@partner-portal/*': { access: '$all', publish: '$all' } },
  log: { type: 'stdout', format: 'pretty', level: 'error' },
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
