import path from 'node:path';
import { ConfigValidationError, REPO_ROOT, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('has defaults for a local start with the embedded database', () => {
    const config = loadConfig({});

    expect(config.values()).toEqual({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, '.data'),
      portalDistDir: path.join(REPO_ROOT, 'portal', 'dist'),
      logLevel: 'info',
      seedDemoData: true,
      trustedProxies: 0,
    });
    expect(config.isEmbeddedDatabase).toBe(true);
    expect(config.strictTransportSecurity).toBe(false);
  });

  it('derives the public URL from PORT and resolves folders against the working directory', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'var/data',
      PORTAL_DIST_DIR: '/srv/portal',
    });

    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('var/data'));
    expect(config.portalDistDir).toBe('/srv/portal');
  });

  it('does not load demo data into an external database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }).seedDemoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/portal', SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('sends HSTS in production and behind an https public URL', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/p' })
        .strictTransportSecurity,
    ).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).strictTransportSecurity).toBe(
      true,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com:8443' }).publicHost).toBe(
      'portal.example.com:8443',
    );
  });

  it('refuses bad values, naming every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        NODE_ENV: 'staging',
        PUBLIC_URL: 'portal.example.com',
        DATABASE_URL: 'mysql://db/portal',
        LOG_LEVEL: 'loud',
        TRUSTED_PROXIES: '-1',
        SEED_DEMO_DATA: 'maybe',
      });

    expect(attempt).toThrow(ConfigValidationError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigValidationError).problems.join('\n');
      for (const name of [
        'PORT',
        'NODE_ENV',
        'PUBLIC_URL',
        'DATABASE_URL',
        'LOG_LEVEL',
        'TRUSTED_PROXIES',
        'SEED_DEMO_DATA',
      ]) {
        expect(problems).toContain(name);
      }
    }
  });

  it('takes an origin as PUBLIC_URL, nothing more', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.com/portal' })).toThrow(/origin only/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://user:pw@example.com' })).toThrow(/origin only/);
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toThrow(
      /SEED_DEMO_DATA/,
    );
  });
});
