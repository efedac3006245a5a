import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The stable machine words of `code`, by HTTP status, when the thrower does not name one. */
const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'gone',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  428: 'precondition_required',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

export function defaultProblemCode(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

export function statusTitle(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function problemType(code: string): string {
  return `urn:partner-portal:problem:${code}`;
}

export class ProblemFieldError {
  @ApiProperty({
    example: 'email',
    description: 'The path of the field, dotted for nested values.',
  })
  field!: string;

  @ApiProperty({ example: 'email must be an email' })
  message!: string;
}

/** RFC 9457 problem details, the body of every error response of the API. */
export class ProblemDetails {
  @ApiProperty({ example: 'urn:partner-portal:problem:validation' })
  type!: string;

  @ApiProperty({ example: 'Bad Request' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'The request is invalid.' })
  detail!: string;

  @ApiProperty({
    example: 'validation',
    description:
      'A stable machine word: validation, not_found, conflict, rate_limited, csrf, unauthorized, forbidden, internal, ...',
  })
  code!: string;

  @ApiProperty({ example: '8f14e45f-ceea-467f-a0e6-1b4c8c6f0c1e' })
  requestId!: string;

  @ApiPropertyOptional({ type: [ProblemFieldError] })
  errors?: ProblemFieldError[];
}

/**
 * An HTTP error with a stable `code` and an optional list of field errors. Throw it (or any Nest
 * HttpException) from anywhere: the ProblemDetailsFilter turns it into problem details.
 */
export class ProblemException extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: readonly ProblemFieldError[],
    readonly more: ProblemExtras = {},
  ) {
    super(detail, status);
  }
}

/**
 * What a problem carries besides the standard members (RFC 9457 §3.2 extension members): e.g. the
 * current claim of a 412 (`claim`) or the allowed actions of a 409, and response headers (its `ETag`).
 * Extension members never replace a standard one.
 */
export interface ProblemExtras {
  readonly members?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}
