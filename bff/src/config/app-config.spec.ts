import path from 'node:path';
import { ConfigValidationError, REPO_ROOT, loadConfig } from './app-config.js';

const SECRET = 'k'.repeat(32);

describe('loadConfig', () => {
  it('has defaults for a local start with the embedded database', () => {
    const config = loadConfig({});

    expect({ ...config }).toEqual({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      databasePreparedStatements: true,
      databaseTimeoutMs: 2000,
      dataDir: path.join(REPO_ROOT, '.data'),
      portalDistDir: path.join(REPO_ROOT, 'portal', 'dist'),
      logLevel: 'info',
      seedDemoData: true,
      trustedProxies: [],
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailOutboxDir: path.join(REPO_ROOT, '.data', 'outbox'),
      mailFrom: 'Partner portal <no-reply@localhost>',
      worker: true,
      digest: true,
      workerPollSeconds: 2,
      jobRetries: 12,
      jobRetryDelaySeconds: 5,
      shutdownDrainSeconds: 3,
      jobExpiryCheckSeconds: 60,
      webhookUrls: 'loopback',
      webhookTimeoutSeconds: 10,
      webhookConcurrency: 16,
      webhookRetryDelaySeconds: 30,
      webhookRetryWindowSeconds: 259_200,
      webhookRetentionDays: 30,
      redisUrl: undefined,
      argon2MemoryKib: 19_456,
      argon2TimeCost: 2,
      analyticsCacheMb: 64,
      secondApprovalAbove: 1000,
      reviewTargetDays: 5,
      devOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.strictTransportSecurity).toBe(false);
  });

  it('runs the job queue worker unless WORKER=off, and refuses any other value', () => {
    expect(loadConfig({ WORKER: 'off' }).worker).toBe(false);
    expect(loadConfig({ WORKER: 'on' }).worker).toBe(true);
    expect(() => loadConfig({ WORKER: 'false' })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ JOB_RETRY_DELAY_SECONDS: '0' })).toThrow(ConfigValidationError);
  });

  it('delivers webhooks to public https addresses only, unless in development', () => {
    expect(loadConfig({}).webhookUrls).toBe('loopback');
    expect(loadConfig({ NODE_ENV: 'test' }).webhookUrls).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_URLS: 'loopback' }).webhookUrls).toBe('loopback');
    expect(() => loadConfig({ WEBHOOK_URLS: 'any' })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_SECONDS: '0' })).toThrow(ConfigValidationError);
    expect(loadConfig({ WEBHOOK_RETENTION_DAYS: '90' }).webhookRetentionDays).toBe(90);
    expect(() => loadConfig({ WEBHOOK_RETENTION_DAYS: '0' })).toThrow(ConfigValidationError);
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
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/p', JWT_SECRET: SECRET })
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
        TRUSTED_PROXIES: '10.0.0.0/8, two',
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

  it('refuses to start in production without a JWT secret, or with one under 256 bits', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/p' })).toThrow(
      /JWT_SECRET is required when NODE_ENV is production/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'k'.repeat(31) })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('lets only tests lower the argon2id cost', () => {
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: '1024' })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(() => loadConfig({ ARGON2_TIME_COST: '1' })).toThrow(/ARGON2_TIME_COST/);
    expect(
      loadConfig({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }),
    ).toMatchObject({ argon2MemoryKib: 1024, argon2TimeCost: 1 });
  });

  it('listens on the loopback interface outside production, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/p', JWT_SECRET: SECRET })
        .host,
    ).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', JWT_SECRET: SECRET }).host).toBe(
      '10.0.0.5',
    );
  });

  it('reads DEV_ORIGINS as a list of origins', () => {
    expect(
      loadConfig({ DEV_ORIGINS: 'http://localhost:4000/, https://dev.example:8443' }).devOrigins,
    ).toEqual(['http://localhost:4000', 'https://dev.example:8443']);
    expect(() => loadConfig({ DEV_ORIGINS: 'localhost:4000' })).toThrow(/DEV_ORIGINS/);
    expect(() => loadConfig({ DEV_ORIGINS: 'http://localhost:4000/app' })).toThrow(/origin only/);
  });

  it('reads the mail and Redis settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Portal <portal@example.com>',
      MAIL_OUTBOX_DIR: '/tmp/outbox',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect({ ...config }).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Portal <portal@example.com>',
      mailOutboxDir: '/tmp/outbox',
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ REDIS_URL: 'tcp://x' })).toThrow(/REDIS_URL/);
  });
});
