import { loadConfig } from '../config/app-config.js';
import { redactUrl, usePrettyLogs, withQuietStartUp } from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['/welcome?token=abc&next=%2Fx', '/welcome?token=[redacted]&next=%2Fx'],
    ['/api/auth/invitations/abc123', '/api/auth/invitations/[redacted]'],
    ['/api/auth/invitations/abc123/accept', '/api/auth/invitations/[redacted]/accept'],
    ['/acme-outdoor/claims?status=draft&q=tent', '/acme-outdoor/claims?status=draft&q=tent'],
    ['/signin', '/signin'],
    ['/x?', '/x'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
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
