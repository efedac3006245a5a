import { createHash } from 'node:crypto';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem-details.js';
import { ReplayedAnswer } from '../common/replayed-answer.js';
import { Database, type OpenTransaction } from '../database/database.js';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_ROUTE,
} from './decorators/idempotent-post.decorator.js';
import { idempotencyCaller } from './idempotency-caller.js';
import {
  IdempotencyRepository,
  isLockTimeout,
  type KeptRequest,
  type KeyedRequest,
} from './idempotency.repository.js';

/** docs/product.md §5: a key is kept 24 hours. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the first request of its key before answering 409 `idempotency_key_in_use`. */
export const IDEMPOTENCY_WAIT_MS = 5_000;

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

/**
 * What the hooks do with the answer of a request that took its key: `record` stores it and commits
 * the request's transaction (or rolls it back), `abandon` rolls back one whose answer never passed
 * through onSend.
 */
interface Recorder {
  record(reply: FastifyReply, payload: unknown): Promise<void>;
  abandon(): Promise<void>;
}
const recorders = new WeakMap<FastifyRequest, Recorder>();

function headerText(reply: FastifyReply, name: string): string | null {
  const value = reply.getHeader(name);
  return value === undefined ? null : String(value);
}

/**
 * Records the answer of each request that took an `Idempotency-Key` (the interceptor below), as
 * serialized, and commits it with the change it answers for: registered in app.factory.ts before
 * compression, so the body kept is the JSON sent. The answer leaves after the commit: a retry that
 * follows it finds it. A failed record or commit becomes a 500 (the change rolled back with it).
 */
export function recordIdempotentAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const recorder = recorders.get(request);
    if (recorder !== undefined) {
      recorders.delete(request);
      await recorder.record(reply, payload);
    }
    return payload;
  });
  fastify.addHook('onResponse', async (request) => {
    const recorder = recorders.get(request);
    if (recorder !== undefined) {
      recorders.delete(request);
      await recorder.abandon();
    }
  });
}

/**
 * `Idempotency-Key` on every route declared with `@IdempotentPost()` (docs/api.md, Idempotency-Key;
 * IETF draft-ietf-httpapi-idempotency-key-header, as Stripe does it). After the guards (the caller
 * is known) and before the pipes and the handler:
 * - a new key is taken (`in_progress`) in a transaction of the request's own, which the handler's
 *   statements and transactions join (`Database.within`); its answer is stored in it, and it commits
 *   before the answer leaves: the change and its answer exist together or not at all (a 5xx rolls
 *   both back, so a retry runs again);
 * - a key of this caller with another method, path or body: 422 `idempotency_key_reused`;
 * - a completed key: its first answer, byte for byte, `Idempotent-Replayed: true`;
 * - a key another request holds (its transaction still open): waits up to 5 s for it to end (the
 *   row's lock), then 409 `idempotency_key_in_use`.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly db: Database,
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
    let transaction: OpenTransaction | undefined;
    const finish = async (commit: boolean): Promise<void> => {
      const ending = transaction;
      transaction = undefined;
      if (ending === undefined) return;
      await (commit ? ending.commit() : ending.rollback());
    };
    let first: KeptRequest | undefined;
    try {
      // Through Database: BEGIN and COMMIT bounded by the statement timeout like every statement.
      transaction = await this.db.open();
      first = await this.firstAnswer(keyed, transaction.manager);
    } catch (error) {
      await transaction?.rollback(error);
      transaction = undefined;
      throw error;
    }
    const { manager } = transaction;
    if (first !== undefined) {
      await finish(false);
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
    let detach = () => {};
    recorders.set(request, {
      record: async (reply, payload) => {
        detach();
        await this.record(keyed, reply, payload, manager, finish);
      },
      abandon: async () => {
        detach();
        await finish(false);
      },
    });
    return new Observable((subscriber) => {
      const joined = this.db.within(manager, () => next.handle().subscribe(subscriber));
      detach = joined.end;
      return joined.result;
    });
  }

  /**
   * Undefined when this request took the key (it runs); else the first answer to replay. A key whose
   * first request still runs is held by that request's uncommitted row: taking it waits for that
   * transaction to end, at most 5 s.
   */
  private async firstAnswer(
    keyed: KeyedRequest,
    manager: EntityManager,
  ): Promise<KeptRequest | undefined> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS);
    try {
      // Within the statement timeout (DATABASE_TIMEOUT_MS), so that waiting is a 409, not a 503.
      const waitMs = Math.max(
        100,
        Math.min(IDEMPOTENCY_WAIT_MS, (this.db.timeoutMs ?? Infinity) - 500),
      );
      if (await this.keys.take(keyed, now, expiresAt, waitMs, manager)) {
        return undefined;
      }
    } catch (error) {
      if (isLockTimeout(error)) throw keyInUse();
      throw error;
    }
    const kept = await this.keys.find(keyed, this.clock.now(), manager);
    // Gone again since (expired that instant): as if still in use, the client retries.
    if (kept === undefined) throw keyInUse();
    if (kept.fingerprint !== keyed.fingerprint) {
      throw new ProblemException(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request (method, path or body).',
      );
    }
    // A committed row is completed; one left in progress (written by hand) holds the key till it expires.
    if (kept.status !== 'completed') throw keyInUse();
    return kept;
  }

  private async record(
    keyed: KeyedRequest,
    reply: FastifyReply,
    payload: unknown,
    manager: EntityManager,
    finish: (commit: boolean) => Promise<void>,
  ): Promise<void> {
    const body =
      payload === null || payload === undefined
        ? ''
        : typeof payload === 'string'
          ? payload
          : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      await finish(false);
      return;
    }
    try {
      await this.keys.complete(
        keyed,
        {
          status: reply.statusCode,
          contentType: headerText(reply, 'content-type'),
          etag: headerText(reply, 'etag'),
          location: headerText(reply, 'location'),
          body,
        },
        manager,
      );
      await finish(true);
    } catch (error) {
      await finish(false).catch(() => undefined);
      this.logger.error({ err: error }, 'The answer of an Idempotency-Key could not be recorded');
      // The change is rolled back with it: the answer must not claim otherwise.
      throw error;
    }
  }
}
