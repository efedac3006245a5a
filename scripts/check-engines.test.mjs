import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { supportedNodeVersions, unsupportedEngines } from './check-engines.mjs';

const script = fileURLToPath(new URL('./check-engines.mjs', import.meta.url));
const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A repository with engines.node >=20.19 and pnpm's virtual store holding `packages`. */
function repository(packages) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-engines-'));
  roots.push(root);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ engines: { node: '>=20.19' } }));
  for (const { name, version, engines } of packages) {
    const dir = path.join(root, 'node_modules', '.pnpm', `${name.replace('/', '+')}@${version}`);
    mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(
      path.join(dir, 'node_modules', name, 'package.json'),
      JSON.stringify({ name, version, ...(engines === undefined ? {} : { engines }) }),
    );
  }
  mkdirSync(path.join(root, 'node_modules', '.pnpm', 'node_modules'), { recursive: true });
  return root;
}

test('the versions checked: the lowest the root allows and the running one', () => {
  const root = repository([]);
  assert.deepEqual(supportedNodeVersions(root, '20.20.2'), ['20.19.0', '20.20.2']);
});

test('names each package that wants a newer Node, scoped or not, and no other', () => {
  const root = repository([
    { name: 'nestjs-pino', version: '5.2.1', engines: { node: '>=22.12.0' } },
    { name: '@testing-library/jest-dom', version: '7.0.1', engines: { node: '>=22', npm: '>=6' } },
    { name: 'vite', version: '8.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
    { name: 'cookie', version: '1.1.1', engines: { node: '>=18' } },
    { name: 'no-engines', version: '1.0.0' },
  ]);
  assert.deepEqual(unsupportedEngines(root, ['20.19.0', '20.20.2']), [
    '@testing-library/jest-dom@7.0.1 wants node >=22 (not 20.19.0, 20.20.2)',
    'nestjs-pino@5.2.1 wants node >=22.12.0 (not 20.19.0, 20.20.2)',
  ]);
});

test('a package that wants a later Node 20 than the lowest supported one is refused too', () => {
  const root = repository([{ name: 'late', version: '1.0.0', engines: { node: '>=20.20' } }]);
  assert.deepEqual(unsupportedEngines(root, ['20.19.0', '20.20.2']), [
    'late@1.0.0 wants node >=20.20 (not 20.19.0)',
  ]);
});

test('the script fails (exit 1) on such an install and passes on a clean one', () => {
  const refused = spawnSync(process.execPath, [
    script,
    repository([{ name: 'file-type', version: '22.3.0', engines: { node: '>=22' } }]),
  ]);
  assert.equal(refused.status, 1);
  assert.match(String(refused.stderr), /file-type@22\.3\.0 wants node >=22/);
  const clean = spawnSync(process.execPath, [
    script,
    repository([{ name: 'file-type', version: '21.3.4', engines: { node: '>=20' } }]),
  ]);
  assert.equal(clean.status, 0, String(clean.stderr));
});
