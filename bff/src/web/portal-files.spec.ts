import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PortalFiles } from './portal-files.js';

describe('PortalFiles.resolve', () => {
  let root: string;
  let files: PortalFiles;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-files-'));
    await mkdir(path.join(root, 'assets'));
    await mkdir(path.join(root, 'images'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html>');
    await writeFile(path.join(root, 'robots.txt'), 'User-agent: *');
    await writeFile(path.join(root, '.env'), 'SECRET=1');
    await writeFile(path.join(root, 'assets', 'app-1a2b.js'), '');
    files = new PortalFiles(root);
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['/api', { kind: 'api' }],
    ['/api/partners/acme-outdoor', { kind: 'api' }],
    ['/assets/app-1a2b.js', { kind: 'asset', file: 'assets/app-1a2b.js' }],
    ['/assets/gone-0000.js', { kind: 'asset', file: 'assets/gone-0000.js' }],
    ['/assets/', { kind: 'missing' }],
    ['/assets/%2e%2e/index.html', { kind: 'missing' }],
    ['/robots.txt', { kind: 'file', file: 'robots.txt' }],
    ['/', { kind: 'shell' }],
    ['/index.html', { kind: 'shell' }],
    ['/images', { kind: 'shell' }],
    ['/.env', { kind: 'shell' }],
    ['/%E0%A4%A', { kind: 'shell' }],
    ['/..%2fetc%2fpasswd', { kind: 'shell' }],
    ['/apiary', { kind: 'shell' }],
    ['/acme-outdoor/claims/123', { kind: 'shell' }],
  ])('%s → %o', async (urlPath, target) => {
    await expect(files.resolve(urlPath)).resolves.toEqual(target);
  });
});
