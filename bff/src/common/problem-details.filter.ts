import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  isTransactionConflict,
  outages,
} from './outage.js';
import {
  PROBLEM_CONTENT_TYPE,
  type ProblemDetails,
  ProblemException,
  defaultProblemCode,
  problemType,
  statusTitle,
} from './problem-details.js';
import { ReplayedAnswer } from './replayed-answer.js';

const INTERNAL_DETAIL = 'An unexpected error occurred. Quote the request id when reporting it.';
const DATABASE_UNAVAILABLE_DETAIL =
  'The service cannot reach its database for a moment. Try again in a few seconds.';
const TRANSACTION_CONFLICT_DETAIL =
  'The request ran into a concurrent change and nothing of it was saved. Send it again.';

/** Errors raised by Fastify itself before a route runs (body parsing, content type, size). */
interface FastifyError extends Error {
  statusCode?: number;
  code?: string;
}

/**
 * The one place where errors become responses: RFC 9457 problem details with a stable `code` and the
 * request id. A 5xx is logged with its error and answered without any internal detail.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemDetails');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.respond(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** Also Fastify's error handler, so that errors before routing look the same. */
  respond(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    if (exception instanceof ReplayedAnswer) {
      replay(exception, reply);
      return;
    }
    const problem = this.toProblem(exception, request.id);
    if (isDatabaseUnavailable(exception)) {
      // One line per outage, not per request (docs/operations.md, "When a dependency is down").
      outages.record('database', exception, Date.now() - reply.elapsedTime);
    } else if (isTransactionConflict(exception)) {
      // Rare by design (docs/operations.md, "Deadlocks and serialization failures"): each one counted.
      this.logger.warn(
        { err: exception, code: problem.code },
        'Request failed: transaction conflict',
      );
    } else if (problem.status === 500) {
      this.logger.error({ err: exception, code: problem.code }, 'Request failed');
    } else if (problem.status > 500 && problem.code !== 'unavailable') {
      this.logger.warn({ code: problem.code, detail: problem.detail }, 'Request failed');
    }
    if (reply.sent) return;
    if (problem.code === 'unavailable')
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (exception instanceof ProblemException) {
      for (const [name, value] of Object.entries(exception.more.headers ?? {})) {
        void reply.header(name, value);
      }
    }
    void reply
      .status(problem.status)
      .header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
      .send(JSON.stringify(problem));
  }

  toProblem(exception: unknown, requestId: string): ProblemDetails {
    const { status, code, detail, errors } = describe(exception);
    // Extension members first: a standard member of the same name wins.
    const members =
      exception instanceof ProblemException && status < 500 ? exception.more.members : undefined;
    return {
      ...members,
      type: problemType(code),
      title: statusTitle(status),
      status,
      detail,
      code,
      requestId,
      ...(errors === undefined ? {} : { errors: [...errors] }),
    };
  }
}

/** A recorded answer, sent again as it was (replayed-answer.ts). */
function replay({ answer }: ReplayedAnswer, reply: FastifyReply): void {
  if (reply.sent) return;
  void reply.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) void reply.header(name, value);
  void reply.header('idempotent-replayed', 'true').send(answer.body);
}

function describe(exception: unknown): Omit<ProblemDetails, 'type' | 'title' | 'requestId'> {
  if (exception instanceof ProblemException) {
    const status = exception.getStatus();
    // A ProblemException's detail is written for the client, even for a 503.
    return {
      status,
      code: exception.code,
      detail: status === 500 ? INTERNAL_DETAIL : exception.detail,
      errors: exception.errors === undefined ? undefined : [...exception.errors],
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return {
      status,
      code: defaultProblemCode(status),
      detail: status >= 500 ? INTERNAL_DETAIL : messageOf(exception),
    };
  }
  if (isDatabaseUnavailable(exception)) {
    return { status: 503, code: 'unavailable', detail: DATABASE_UNAVAILABLE_DETAIL };
  }
  // Rolled back for a concurrent transaction: nothing was written, the same request may succeed.
  if (isTransactionConflict(exception)) {
    return { status: 503, code: 'unavailable', detail: TRANSACTION_CONFLICT_DETAIL };
  }
  const fastifyError = exception as FastifyError;
  if (
    exception instanceof Error &&
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    const status = fastifyError.statusCode;
    // Fastify's own messages (invalid JSON, unsupported media type, body too large) are fixed texts.
    const detail =
      fastifyError.code?.startsWith('FST_') === true ? fastifyError.message : statusTitle(status);
    return { status, code: defaultProblemCode(status), detail };
  }
  return { status: 500, code: 'internal', detail: INTERNAL_DETAIL };
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return statusTitle(exception.getStatus());
}
