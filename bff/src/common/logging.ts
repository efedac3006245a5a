import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  type LoggerService,
  Module,
} from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import {
  type DestinationStream,
  type Logger as Pino,
  type LoggerOptions,
  pino,
  destination as pinoDestination,
  stdSerializers,
} from 'pino';
import type { AppConfig } from '../config/app-config.js';

/** Never written to the logs: credentials in headers, and secrets in any logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

/**
 * The request headers a log line keeps: an allow-list, so a credential in a header nobody thought of
 * (Cookie, Authorization, Proxy-Authorization, a vendor's token header) is never written. The Referer
 * keeps only its origin and path: its query may carry a token.
 */
const LOGGED_HEADERS = new Set([
  'host',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-length',
  'origin',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-request-id',
  'if-match',
]);

export function loggableHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (LOGGED_HEADERS.has(lower)) kept[lower] = value;
    else if (lower === 'referer' && typeof value === 'string')
      kept[lower] = value.split(/[?#]/, 1)[0];
  }
  return kept;
}

/** Properties of a driver's error that may quote the statement's values (an e-mail, a hash). */
const ERROR_VALUE_PROPERTIES = new Set(['parameters', 'driverError', 'detail', 'where', 'hint']);

/**
 * The `err` of a log line, as pino's standard serializer wrote it, as it may be logged: a database
 * error (TypeORM's QueryFailedError, pg's DatabaseError) without its parameters, driver error and
 * detail (`Key (email)=(…) already exists`), with a value quoted in its message or stack
 * (`invalid input syntax for type uuid: "…"`) replaced; the same for an error it wraps (`cause`).
 * Other errors as they are.
 */
export function loggableError(serialized: unknown): unknown {
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const fields = serialized as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  let hadValues = false;
  for (const [key, value] of Object.entries(fields)) {
    if (ERROR_VALUE_PROPERTIES.has(key)) hadValues = true;
    else kept[key] = key === 'cause' ? loggableError(value) : value;
  }
  if (!hadValues) return kept.cause === fields.cause ? serialized : kept;
  const redact = (text: unknown) =>
    typeof text === 'string' ? text.replace(/: "(?:[^"\\]|\\.)*"/g, ': "[redacted]"') : text;
  return { ...kept, message: redact(kept.message), stack: redact(kept.stack) };
}

/** Query parameters whose values are secrets (reset and invitation links carry them). */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'password', 'code']);
/** Paths whose last segment is a secret: the invitation token is part of the URL. */
const SECRET_PATH_SEGMENT = /^(\/api\/auth\/(?:invitations|password-resets)\/)[^/?]+/;

/** The URL as it may be logged: secret tokens in the path or the query are replaced. */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = pathname.replace(SECRET_PATH_SEGMENT, '$1[redacted]');
  if (query === undefined || query === '') return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * Human-readable lines in development (also under `pnpm dev`, whose stdout is turbo's pipe, not a
 * terminal); JSON lines in test and production, for machines.
 */
export function usePrettyLogs(config: AppConfig): boolean {
  return config.isDevelopment;
}

/** Nest's start-up chatter: one line per module and per mapped route. Kept, at debug level. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * The application's logger with Nest's start-up chatter (one line per module and per mapped route)
 * moved from info to debug: the start shows the ready banner, not twenty route lines.
 */
export function withQuietStartUp(logger: LoggerService): LoggerService {
  const debug = logger.debug?.bind(logger);
  return {
    log: (message: unknown, ...rest: unknown[]) => {
      if (debug !== undefined && START_UP_CONTEXTS.has(String(rest.at(-1))))
        debug(message, ...rest);
      else logger.log(message, ...rest);
    },
    error: (message: unknown, ...rest: unknown[]) => logger.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => logger.warn(message, ...rest),
    debug:
      debug === undefined
        ? undefined
        : (message: unknown, ...rest: unknown[]) => debug(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => logger.verbose?.(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => logger.fatal?.(message, ...rest),
  };
}

const HEALTH_PROBES = new Set(['/api/health/live', '/api/health/ready']);

interface SerializedRequest {
  method: string;
  url: string;
  remoteAddress?: string;
  headers: Record<string, unknown>;
}

interface SerializedResponse {
  statusCode: number;
}

/**
 * The level of a request's line: 5xx (or an error) at error, 4xx and 503 at warn (a dependency that is
 * down is one outage, logged once by common/outage.ts, not an error per request), the rest at info — at debug in
 * development, where a line for every asset and API call of each page would scroll the ready banner
 * (URL and demo sign-ins) out of sight (`LOG_LEVEL=debug` shows them). Production and test unchanged.
 */
export function requestLogLevel(
  config: Pick<AppConfig, 'isDevelopment'>,
  statusCode: number,
  error?: unknown,
): 'error' | 'warn' | 'info' | 'debug' {
  if (error !== undefined || (statusCode >= 500 && statusCode !== 503)) return 'error';
  if (statusCode >= 400) return 'warn';
  return config.isDevelopment ? 'debug' : 'info';
}

/** pino's options: the level, redaction, the serializers of `req`, `res` and `err`, pretty lines. */
export function pinoOptions(config: AppConfig, pretty = usePrettyLogs(config)): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // As pino-http had them: pino's standard serializers first (a `req` is an IncomingMessage, a
    // `res` a ServerResponse), then these on what they wrote.
    serializers: {
      req: stdSerializers.wrapRequestSerializer((request) => {
        const serialized = request as unknown as SerializedRequest;
        return {
          method: serialized.method,
          url: redactUrl(serialized.url),
          remoteAddress: serialized.remoteAddress,
          headers: loggableHeaders(serialized.headers),
        } as unknown as typeof request;
      }),
      res: stdSerializers.wrapResponseSerializer(
        (response) =>
          ({
            statusCode: (response as unknown as SerializedResponse).statusCode,
          }) as unknown as typeof response,
      ),
      // Every error logged under `err`, wherever it is logged from (this is handed the error as pino's
      // standard serializer wrote it).
      err: stdSerializers.wrapErrorSerializer((error) => loggableError(error) as typeof error),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              singleLine: true,
              translateTime: 'SYS:HH:MM:ss.l',
              // A request line reads `POST /api/auth/signin 200 (12 ms)`; its headers stay in JSON logs.
              ignore: 'pid,hostname,context,req,res,responseTime,requestId',
              messageFormat:
                '{if context}[{context}] {end}{if req.method}{req.method} {req.url} {res.statusCode} ({responseTime} ms) {end}{msg}',
            },
          },
        }
      : {}),
  };
}

/** The application's one pino logger (the framework's, the requests', the application's lines). */
const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * The request being served: its id, and its logger (a child of the root carrying `requestId`), made
 * the first time a line is logged while it is served — most requests log no line but their own.
 */
interface ServedRequest {
  readonly id: string;
  logger?: Pino;
}

/** The request being served, while it is served (Nest's and the application's lines carry its id). */
const servedRequests = new AsyncLocalStorage<ServedRequest>();

/** Nest's logger calls (`log(message, ...params, context)`), as pino lines. */
type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * The application's LoggerService (`app.useLogger`): Nest's and every `new Logger(context)`'s lines
 * through pino, with `context`; while a request is served, through its logger (so with its
 * `requestId`). An object message is merged into the line, an Error logged under `err`.
 */
@Injectable()
export class PinoLoggerService implements LoggerService {
  constructor(@Inject(ROOT_LOGGER) private readonly root: Pino) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const served = servedRequests.getStore();
    const logger =
      served === undefined
        ? this.root
        : (served.logger ??= this.root.child({ requestId: served.id }));
    const fields: Record<string, unknown> = {};
    // The context is the last parameter (Nest's contract); what comes before it, format arguments.
    const rest = params.length === 0 ? [] : params.slice(0, -1);
    if (params.length > 0) fields.context = params.at(-1);
    if (message instanceof Error) {
      fields.err = message;
      logger[level](fields, ...(rest as []));
    } else if (typeof message === 'object' && message !== null) {
      logger[level]({ ...fields, ...message }, ...(rest as []));
    } else if (
      // Nest's exception handlers call error(message, stack, context): logged as one error.
      level === 'error' &&
      typeof message === 'string' &&
      rest.length === 1 &&
      typeof rest[0] === 'string' &&
      /\n\s*at /.test(rest[0])
    ) {
      const err = new Error(message);
      err.stack = rest[0];
      logger[level]({ ...fields, err });
    } else {
      logger[level](fields, String(message), ...(rest as []));
    }
  }
}

/**
 * Every request's line, as Fastify hooks: the request's id bound for the lines logged while it is
 * served; when its response has finished (or its connection closed, or the response failed), one line
 * at `requestLogLevel`'s level: `requestId`, `req` (method, URL with its secrets redacted, remote
 * address, the allow-listed headers), `res` (`statusCode`), `responseTime` (ms) and `request
 * completed` — with `err` and `request errored` for a failure or a 5xx. The health probes' successes
 * have no line. Must be the first `onRequest` hook (createAppAround adds it first).
 */
export function logRequests(fastify: FastifyInstance, root: Pino, config: AppConfig): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const response = reply.raw;
    const startedAt = Date.now();
    const served: ServedRequest = { id: request.id };
    const complete = (error?: unknown): void => {
      response.removeListener('close', complete);
      response.removeListener('finish', complete);
      response.removeListener('error', complete);
      const failure =
        error ??
        (response.statusCode >= 500 && response.statusCode !== 503
          ? new Error(`failed with status code ${response.statusCode}`)
          : undefined);
      const level = requestLogLevel(config, response.statusCode, error);
      if (!root.isLevelEnabled(level)) return;
      // The keys in pino-http's order: its request logger's bindings, then the line's own.
      const line = { requestId: served.id, req: raw, res: response };
      const responseTime = Date.now() - startedAt;
      if (failure === undefined) root[level]({ ...line, responseTime }, 'request completed');
      else root[level]({ ...line, err: failure, responseTime }, 'request errored');
    };
    // Probes every few seconds would drown the log; their failures are logged by the health controller.
    if (!HEALTH_PROBES.has(raw.url ?? '')) {
      response.on('close', complete);
      response.on('finish', complete);
    }
    response.on('error', complete);
    servedRequests.run(served, done);
  });
}

/** The root logger, for `logRequests` (app.factory.ts). */
export function rootLoggerOf(app: { get(token: symbol): unknown }): Pino {
  return app.get(ROOT_LOGGER) as Pino;
}

@Global()
@Module({})
class LoggingModule {}

/**
 * One pino logger for the framework, the requests (`logRequests`, Fastify hooks) and the application
 * (in-house since nestjs-pino 5 wants Node 22 and its 4.x requires the ESM-only NestJS 12 from
 * CommonJS).
 */
export function loggingModule(config: AppConfig, destination?: DestinationStream): DynamicModule {
  // A given destination (the tests' capture) takes JSON lines, whatever NODE_ENV says.
  const pretty = destination === undefined && usePrettyLogs(config);
  const options = pinoOptions(config, pretty);
  // Synchronous writes to stdout: lines keep their order and none is lost when the process exits.
  const stream = destination ?? (pretty ? undefined : pinoDestination({ dest: 1, sync: true }));
  const root = stream === undefined ? pino(options) : pino(options, stream);
  return {
    module: LoggingModule,
    providers: [{ provide: ROOT_LOGGER, useValue: root }, PinoLoggerService],
    exports: [ROOT_LOGGER, PinoLoggerService],
  };
}
