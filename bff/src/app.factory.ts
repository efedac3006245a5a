import { refuseDuplicateSessionCookies } from './auth/cookies.js';
import type { IncomingMessage } from 'node:http';
import fastifyStatic from '@fastify/static';
import { type DynamicModule, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import { refuseUnsupportedMediaTypes } from './common/content-types.js';
import {
  logRequests,
  PinoLoggerService,
  rootLoggerOf,
  withQuietStartUp,
} from './common/logging.js';
import { ProblemDetailsFilter } from './common/problem-details.filter.js';
import { ProblemException } from './common/problem-details.js';
import { REQUEST_ID_HEADER, requestIdOf } from './common/request-id.js';
import { serializeBySchema } from './common/serialized-by-schema.js';
import { refuseUnstorableText } from './common/unstorable-text.js';
import { MULTIPART_OPTIONS, registerUploadHooks } from './common/uploads.js';
import { createValidationPipe } from './common/validation.js';
import { recordIdempotentAnswers } from './idempotency/idempotency.interceptor.js';
import { AppConfig } from './config/app-config.js';
import { setupOpenApi } from './openapi/openapi.js';
import { registerCompression } from './web/compression.js';
import { registerSecurityHeaders } from './web/security-headers.js';

export interface CreateAppOptions {
  logDestination?: DestinationStream;
  /** Build the module graph without instantiating anything (no database): for the OpenAPI generator. */
  preview?: boolean;
}

/** 1 MiB: JSON bodies of this API are small; uploads get their own limit on their route. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export function createFastifyAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    // X-Forwarded-For is believed only from the proxies of TRUSTED_PROXIES (proxy-addr's walk: from the
    // socket back to the first address that is not a trusted proxy); none: the socket's address.
    trustProxy: config.trustedProxies.length === 0 ? false : [...config.trustedProxies],
    genReqId: (request: IncomingMessage) => requestIdOf(request),
    bodyLimit: BODY_LIMIT_BYTES,
    // Uploads (claim evidence) are read by their routes as streams, within their own limit.
    multipart: { ...MULTIPART_OPTIONS, limits: { ...MULTIPART_OPTIONS.limits } },
    return503OnClosing: true,
    // A URL Fastify cannot decode (a lone surrogate's bytes, `%` alone) is refused before routing:
    // answered as problem details like every other 400.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      new ProblemDetailsFilter().respond(
        new ProblemException(400, 'validation', 'The request is invalid.', [
          { field: 'url', message: error.message },
        ]),
        request,
        reply,
      );
    },
  });
}

/**
 * The application, configured as it runs in production: used by main.ts, the integration tests and
 * the OpenAPI generator alike. The caller starts it (`listen` or `init`).
 */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  return createAppAround(
    AppModule.forRoot({ config, logDestination: options.logDestination }),
    config,
    options,
  );
}

/**
 * The same application around another root module, one that imports `AppModule.forRoot(...)` beside
 * modules outside the product: the test support's routes, the benchmark's.
 */
export async function createAppAround(
  rootModule: DynamicModule,
  config: AppConfig,
  options: Pick<CreateAppOptions, 'preview'> = {},
): Promise<NestFastifyApplication> {
  const nestOptions: NestApplicationOptions = {
    bufferLogs: true,
    abortOnError: false,
    ...(options.preview === true ? { preview: true, logger: false } : {}),
  };
  const app = await NestFactory.create<NestFastifyApplication>(
    rootModule,
    createFastifyAdapter(config),
    nestOptions,
  );
  const fastify = app.getHttpAdapter().getInstance();
  if (options.preview !== true) {
    app.useLogger(withQuietStartUp(app.get(PinoLoggerService)));
    // The first request hook: every later hook, guard and handler runs with the request's id bound.
    logRequests(fastify, rootLoggerOf(app), config);
  }

  app.useGlobalFilters(new ProblemDetailsFilter());
  app.useGlobalPipes(createValidationPipe());

  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  refuseUnsupportedMediaTypes(fastify);
  refuseUnstorableText(fastify);
  refuseDuplicateSessionCookies(fastify);
  registerUploadHooks(fastify);
  // A keep-alive connection must not hold a shutdown open for its idle timeout: once closing starts,
  // the responses of the requests still in flight end their connections.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  await registerSecurityHeaders(fastify, config);
  // Before compression: the answer an Idempotency-Key keeps is the JSON as serialized.
  recordIdempotentAnswers(fastify);
  await registerCompression(app);
  // Only for reply.sendFile(): the web controller decides what is served; a file's `.br` or `.gz`
  // twin (written by the portal's build) is sent when the client accepts it.
  await app.register(fastifyStatic, {
    root: config.portalDistDir,
    serve: false,
    preCompressed: true,
  });

  // The routes that answer by their documented schema (a list's pages) are registered by `init`.
  serializeBySchema(fastify, setupOpenApi(app));
  return app;
}
