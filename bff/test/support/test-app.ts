import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { AppModule } from '#src/app.module.js';
import { createAppAround } from '#src/app.factory.js';
import { loadConfig } from '#src/config/app-config.js';
import { JobQueue } from '#src/jobs/job-queue.js';
import { recordWorkers } from './jobs.js';
import { isThroughPgBouncer } from './test-database.js';
import { recordStatements } from './tenant-scope.js';

/** Every log line the application wrote, parsed. */
export class CapturedLogs extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
}

/**
 * Every application a test file starts logs into this one capture. Tests find their lines by request id
 * or digest.
 */
const capturedLogs = new CapturedLogs();

/**
 * Every credential any application of the file handed out or was sent (passwords and tokens in bodies,
 * bearer tokens, cookie values, X-CSRF-Token): after the file's tests, none may be in its logs.
 */
const credentialsSeen = new Set<string>();

afterAll(() => {
  const text = capturedLogs.lines.map((line) => JSON.stringify(line)).join('\n');
  const leaked = [...credentialsSeen].filter((secret) => text.includes(secret));
  if (leaked.length > 0) {
    throw new Error(`${leaked.length} credential(s) in the logs, e.g. ${leaked[0]?.slice(0, 6)}…`);
  }
  // Whatever the file did: no password hash, and no failed statement's values (common/logging.ts).
  if (/\$argon2(id|i|d)\$/.test(text)) throw new Error('a password hash in the logs');
  if (/"(parameters|driverError)":/.test(text)) {
    throw new Error(
      `a database error logged with its parameters or driver error: ${/.{300}"(parameters|driverError)":.{300}/.exec(text)?.[0]}`,
    );
  }
});

export interface TestApp {
  app: NestFastifyApplication;
  logs: CapturedLogs;
  /** Every route registered, as `METHOD /url` (HEAD routes left out). */
  routes: string[];
  /** Every credential the apps of this file handed out or were sent: none may appear in the logs. */
  secrets: Set<string>;
  request(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Controllers that exist only in tests (e.g. to exercise validation). */
  testControllers?: Type[];
}

export const TEST_PUBLIC_URL = 'http://portal.test:8080';

const ROUTES = Symbol('routes');

/**
 * The product's AppModule, the test-only controllers beside it, and a recorder of every route Fastify
 * registers (installed while the modules are instantiated, before any route exists).
 */
@Module({})
class TestAppModule {
  static around(product: DynamicModule, controllers: Type[], routes: string[]): DynamicModule {
    return {
      module: TestAppModule,
      imports: [product],
      controllers,
      providers: [
        {
          provide: ROUTES,
          inject: [HttpAdapterHost],
          useFactory: (host: HttpAdapterHost) => {
            const fastify = host.httpAdapter.getInstance<FastifyInstance>();
            fastify.addHook('onRoute', (route) => {
              for (const method of [route.method].flat()) {
                if (method !== 'HEAD') routes.push(`${method} ${route.url ?? route.path}`);
              }
            });
            return routes;
          },
        },
      ],
    };
  }
}

/** The real application (same factory as main.ts), started without a socket: requests are injected. */
export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PUBLIC_URL: TEST_PUBLIC_URL,
    // The job queue's worker looks for jobs every second, and retries a second or two after a failure.
    WORKER_POLL_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
    // No scheduled digest among the messages a spec reads (notifications.e2e-spec calls sendDue).
    DIGEST: 'off',
    // Specs run beside each other on a busy machine: a slow statement there is not an outage
    // (faults.e2e-spec holds the product's default of 2 s).
    DATABASE_TIMEOUT_MS: '10000',
    ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
    ...(isThroughPgBouncer() ? { DATABASE_PREPARED_STATEMENTS: 'false' } : {}),
    ...options.env,
  });
  const logs = capturedLogs;
  const routes: string[] = [];
  const app = await createAppAround(
    TestAppModule.around(
      AppModule.forRoot({ config, logDestination: logs }),
      options.testControllers ?? [],
      routes,
    ),
    config,
  );
  // Tests wait for the queue's e-mails by waking its workers rather than by their poll (support/jobs.ts).
  recordWorkers(app.get(JobQueue, { strict: false }));
  try {
    await app.init();
  } catch (error) {
    await app.close();
    throw error;
  }
  recordStatements(app.get(DataSource));
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const secrets = credentialsSeen;
  const remember = (value: unknown) => {
    if (typeof value === 'string' && value.length >= 8) secrets.add(value);
  };
  return {
    app,
    logs,
    routes,
    secrets,
    request: async (injectOptions) => {
      if (typeof injectOptions !== 'string') {
        const payload = injectOptions.payload;
        if (payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
          const body = payload as Record<string, unknown>;
          remember(body.password);
          remember(body.token);
        }
        const headers = injectOptions.headers ?? {};
        remember(String(headers.authorization ?? '').replace(/^Bearer /, ''));
        remember(headers['x-csrf-token']);
        for (const pair of String(headers.cookie ?? '').split(';'))
          remember(pair.split('=')[1]?.trim());
      }
      const response = await fastify.inject(injectOptions);
      for (const cookie of [response.headers['set-cookie'] ?? []].flat()) {
        remember(/^[^=]+=([^;]*)/.exec(String(cookie))?.[1]);
      }
      return response;
    },
    close: () => app.close(),
  };
}

/** A stand-in for portal/dist in a temporary folder. */
export interface FakePortalDist {
  dir: string;
  indexHtml: string;
  remove(): Promise<void>;
}

export async function createFakePortalDist(
  files: Record<string, string> = {},
): Promise<FakePortalDist> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-dist-'));
  const indexHtml =
    '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-3f9a1c.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const all: Record<string, string> = {
    'index.html': indexHtml,
    'assets/index-3f9a1c.js': 'export const portal = true;\n',
    'assets/index-77b2e0.css': 'body{margin:0}\n',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ...files,
  };
  for (const [file, content] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return { dir, indexHtml, remove: () => rm(dir, { recursive: true, force: true }) };
}
