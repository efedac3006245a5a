import { loadConfig } from '../config/app-config.js';
import { stdSerializers } from 'pino';
import { QueryFailedError } from 'typeorm';
import {
  loggableError,
  loggableHeaders,
  redactUrl,
  requestLogLevel,
  usePrettyLogs,
  withQuietStartUp,
} from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['/welcome?token=abc&next=%2Fx', '/welcome?token=[redacted]&next=%2Fx'],
    ['/api/auth/invitations/abc123', '/api/auth/invitations/[redacted]'],
    ['/api/auth/invitations/abc123/accept', '/api/auth/invitations/[redacted]/accept'],
    ['/api/auth/password-resets/abc123', '/api/auth/password-resets/[redacted]'],
    ['/acme-outdoor/claims?status=draft&q=tent', '/acme-outdoor/claims?status=draft&q=tent'],
    ['/signin', '/signin'],
    ['/x?', '/x'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('requestLogLevel', () => {
  const production = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'k'.repeat(32),
    DATABASE_URL: 'postgres://db/p',
  });
  const development = loadConfig({ NODE_ENV: 'development' });

  it('logs a successful request at info in production and test, at debug in development', () => {
    expect(requestLogLevel(production, 200)).toBe('info');
    expect(requestLogLevel(loadConfig({ NODE_ENV: 'test' }), 304)).toBe('info');
    expect(requestLogLevel(development, 200)).toBe('debug');
    expect(requestLogLevel(development, 304)).toBe('debug');
  });

  it('logs a refusal and an unavailable dependency at warn, a failure at error, in development too', () => {
    for (const config of [production, development]) {
      expect(requestLogLevel(config, 401)).toBe('warn');
      // A dependency that is down is one outage, logged once (common/outage.ts).
      expect(requestLogLevel(config, 503)).toBe('warn');
      expect(requestLogLevel(config, 500)).toBe('error');
      expect(requestLogLevel(config, 502)).toBe('error');
      expect(requestLogLevel(config, 200, new Error('x'))).toBe('error');
    }
  });
});

describe('usePrettyLogs', () => {
  it('prints human-readable lines in development, terminal or not, and JSON lines elsewhere', () => {
    expect(usePrettyLogs(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(usePrettyLogs(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(
      usePrettyLogs(
        loadConfig({
          NODE_ENV: 'production',
          JWT_SECRET: 'k'.repeat(32),
          DATABASE_URL: 'postgres://db/p',
        }),
      ),
    ).toBe(false);
  });
});

describe('withQuietStartUp', () => {
  it('moves Nest’s module and route lines to debug and passes everything else on', () => {
    const calls: string[] = [];
    const record =
      (level: string) =>
      (message: unknown, ...rest: unknown[]) => {
        calls.push(`${level} ${String(message)} [${rest.map(String).join(',')}]`);
      };
    const logger = withQuietStartUp({
      log: record('info'),
      error: record('error'),
      warn: record('warn'),
      debug: record('debug'),
    });
    logger.log('Mapped {/api/me, GET} route', 'RouterExplorer');
    logger.log('AuthController {/api/auth}:', 'RoutesResolver');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('slow', 'Database');
    logger.error('failed', 'stack', 'ProblemDetails');
    expect(calls).toEqual([
      'debug Mapped {/api/me, GET} route [RouterExplorer]',
      'debug AuthController {/api/auth}: [RoutesResolver]',
      'debug AppModule dependencies initialized [InstanceLoader]',
      'info Nest application successfully started [NestApplication]',
      'warn slow [Database]',
      'error failed [stack,ProblemDetails]',
    ]);
  });
});

describe('loggableHeaders', () => {
  it('keeps an allow-list, and the Referer without its query', () => {
    expect(
      loggableHeaders({
        host: 'portal.example',
        'user-agent': 'Firefox',
        cookie: 'pp_access=secret',
        authorization: 'Bearer secret',
        'proxy-authorization': 'Basic secret',
        'x-csrf-token': 'secret',
        'x-api-key': 'secret',
        referer: 'https://portal.example/reset-password?token=secret#x',
      }),
    ).toEqual({
      host: 'portal.example',
      'user-agent': 'Firefox',
      referer: 'https://portal.example/reset-password',
    });
  });
});

describe('loggableError', () => {
  const driverError = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_key"'),
    {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=(someone@acme.example) already exists.',
      where: undefined,
    },
  );

  it('drops the parameters, the driver error and the detail of a database error', () => {
    const failed = new QueryFailedError(
      'INSERT INTO users (email, password_hash) VALUES ($1, $2)',
      ['someone@acme.example', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      driverError,
    );
    const logged = JSON.stringify(
      Object.entries(loggableError(stdSerializers.err(failed)) as object),
    );
    const safe = loggableError(stdSerializers.err(failed)) as Record<string, unknown>;

    expect(logged).not.toContain('someone@acme.example');
    expect(logged).not.toContain('argon2id');
    expect(safe.stack).not.toContain('someone@acme.example');
    expect(Object.keys(safe)).not.toEqual(expect.arrayContaining(['parameters']));
    expect(safe).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    expect(safe.message).toContain('users_email_key');
    expect(safe.driverError).toBeUndefined();
  });

  it('replaces a value quoted in the message', () => {
    const invalid = Object.assign(
      new Error('invalid input syntax for type uuid: "granite meadow lantern"'),
      { code: '22P02', detail: undefined },
    );
    const safe = loggableError(stdSerializers.err(invalid)) as { message: string; stack: string };

    expect(safe.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(safe.stack).not.toContain('granite');
  });

  it('holds an error it wraps to the same rule', () => {
    const wrapped = new Error('Sending a mail failed', {
      cause: new QueryFailedError('SELECT $1', ['someone@acme.example'], driverError),
    });
    const logged = JSON.stringify(loggableError(stdSerializers.err(wrapped)));

    expect(logged).toContain('Sending a mail failed');
    expect(logged).toContain('users_email_key');
    expect(logged).not.toContain('someone@acme.example');
  });

  it('passes other errors as they are', () => {
    const plain = stdSerializers.err(new Error('boom'));
    expect(loggableError(plain)).toEqual(plain);
  });
});
