import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem-details.js';
import { ReplayedAnswer } from '../common/replayed-answer.js';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_ROUTE,
} from './decorators/idempotent-post.decorator.js';
import { idempotencyCaller } from './idempotency-caller.js';
import {
  type CallerKey,
  IdempotencyRepository,
  type KeptRequest,
  type KeyedRequest,
} from './idempotency.repository.js';

/** docs/product.md §5: a key is kept 24 hours. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the first request of its key before answering 409 `idempotency_key_in_use`. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
const FIRST_POLL_MS = 25;
const LAST_POLL_MS = 200;

/** A JSON value with its object keys sorted: the same body however its keys were ordered. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    );
  }
  return value;
}

/** SHA-256 of the method, the path (with its query) and the canonical JSON body. */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(body === undefined ? '' : JSON.stringify(canonical(body)))
    .digest('hex');
}

function keyInUse(): ProblemException {
  return new ProblemException(
    409,
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still being processed; retry later.',
  );
}

/** What the onSend hook does with the answer of a request that took its key. */
type Recorder = (reply: FastifyReply, payload: unknown) => Promise<void>;
const recorders = new WeakMap<FastifyRequest, Recorder>();

function headerText(reply: FastifyReply, name: string): string | null {
  const value = reply.getHeader(name);
  return value === undefined ? null : String(value);
}

/**
 * Records the answer of each request that took an `Idempotency-Key` (the interceptor below), as
 * serialized: registered in app.factory.ts before compression, so the body kept is the JSON sent.
 * The answer leaves after it is recorded: a retry that follows it finds it.
 */
export function recordIdempotentAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const record = recorders.get(request);
    if (record !== undefined) {
      recorders.delete(request);
      await record(reply, payload);
    }
    return payload;
  });
}

/**
 * `Idempotency-Key` on every route declared with `@IdempotentPost()` (docs/api.md, Idempotency-Key;
 * IETF draft-ietf-httpapi-idempotency-key-header, as Stripe does it). After the guards (the caller
 * is known) and before the pipes and the handler:
 * - a new key is taken (`in_progress`); the handler runs and its answer is stored (a 5xx gives the
 *   key back, so a retry runs again);
 * - a key of this caller with another method, path or body: 422 `idempotency_key_reused`;
 * - a completed key: its first answer, byte for byte, `Idempotent-Replayed: true`;
 * - a key still in progress: waits up to 5 s for its answer, then 409 `idempotency_key_in_use`.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (
      context.getType() !== 'http' ||
      this.reflector.get<boolean | undefined>(IDEMPOTENT_ROUTE, context.getHandler()) !== true
    ) {
      return next.handle();
    }
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const key = request.headers['idempotency-key'];
    const caller = idempotencyCaller(request);
    if (key === undefined || caller === undefined) return next.handle();
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new ProblemException(400, 'validation', 'The request is invalid.', [
        {
          field: 'Idempotency-Key',
          message: 'Idempotency-Key must be 1–255 visible ASCII characters',
        },
      ]);
    }
    const keyed: KeyedRequest = {
      caller,
      key,
      method: request.method,
      path: request.url,
      fingerprint: fingerprintOf(request.method, request.url, request.body),
    };
    const first = await this.firstAnswer(keyed);
    if (first !== undefined) {
      throw new ReplayedAnswer({
        status: first.responseStatus ?? 200,
        headers: Object.fromEntries(
          [
            ['content-type', first.responseContentType],
            ['etag', first.responseEtag],
            ['location', first.responseLocation],
          ].filter((header): header is [string, string] => header[1] !== null),
        ),
        body: first.responseBody ?? '',
      });
    }
    recorders.set(request, (reply, payload) => this.record(keyed, reply, payload));
    return next.handle();
  }

  /**
   * Undefined when this request took the key (it runs); else the first answer to replay. While the
   * first request runs, its row is looked at again at growing intervals (25 ms to 200 ms): one
   * primary-key read each time, no connection held in between.
   */
  private async firstAnswer(keyed: KeyedRequest): Promise<KeptRequest | undefined> {
    const deadline = performance.now() + IDEMPOTENCY_WAIT_MS;
    let pause = FIRST_POLL_MS;
    if (await this.take(keyed)) return undefined;
    for (;;) {
      const kept = await this.keys.find(keyed, this.clock.now());
      if (kept === undefined) {
        // Given back by a failed first request, or expired, since: take it (or lose the race again).
        if (await this.take(keyed)) return undefined;
        if (performance.now() > deadline) throw keyInUse();
        continue;
      }
      if (kept.fingerprint !== keyed.fingerprint) {
        throw new ProblemException(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was used with another request (method, path or body).',
        );
      }
      if (kept.status === 'completed') return kept;
      if (performance.now() + pause > deadline) throw keyInUse();
      await sleep(pause);
      pause = Math.min(pause * 2, LAST_POLL_MS);
    }
  }

  /** Takes the key (new, or expired) for this request: whether it did. */
  private take(keyed: KeyedRequest): Promise<boolean> {
    const now = this.clock.now();
    return this.keys.take(keyed, now, new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS));
  }

  private async record(key: CallerKey, reply: FastifyReply, payload: unknown): Promise<void> {
    try {
      const body =
        payload === null || payload === undefined
          ? ''
          : typeof payload === 'string'
            ? payload
            : undefined;
      if (reply.statusCode >= 500 || body === undefined) {
        await this.keys.release(key);
        return;
      }
      await this.keys.complete(key, {
        status: reply.statusCode,
        contentType: headerText(reply, 'content-type'),
        etag: headerText(reply, 'etag'),
        location: headerText(reply, 'location'),
        body,
      });
    } catch (error) {
      // The answer still goes out; the key stays in progress until it expires (docs/api.md).
      this.logger.error({ err: error }, 'The answer of an Idempotency-Key could not be recorded');
    }
  }
}
