import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/app-config.js';
import { AuthSecrets } from './auth-secrets.js';

describe('AuthSecrets', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'secrets-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('generates the embedded default key once, owner-readable only, and reuses it', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await AuthSecrets.load(config);
    const file = path.join(dataDir, 'secrets.json');
    const second = await AuthSecrets.load(config);

    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty('jwtSecret');
    expect(second.jwtKey.equals(first.jwtKey)).toBe(true);
    expect(second.csrfTokenFor('s')).toBe(first.csrfTokenFor('s'));
  });

  it('uses JWT_SECRET when set, and a fresh key per process in tests', async () => {
    const secret = 'a secret of thirty-two bytes or more';
    const fromEnv = await AuthSecrets.load(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }));
    const test1 = await AuthSecrets.load(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const test2 = await AuthSecrets.load(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));

    expect(fromEnv.jwtKey.export().toString('utf8')).toBe(secret);
    expect(test1.jwtKey.equals(test2.jwtKey)).toBe(false);
    await expect(stat(path.join(dataDir, 'secrets.json'))).rejects.toThrow(/ENOENT/);
  });

  it('gives each session its own CSRF token', async () => {
    const secrets = await AuthSecrets.load(loadConfig({ NODE_ENV: 'test' }));

    expect(secrets.csrfTokenFor('one')).not.toBe(secrets.csrfTokenFor('two'));
    expect(secrets.csrfTokenFor('one')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
