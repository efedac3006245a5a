import { applyDecorators, Post, SetMetadata } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';

/** The metadata the idempotency interceptor looks for: the route takes `Idempotency-Key`. */
export const IDEMPOTENT_ROUTE = 'idempotentRoute';

/** docs/api.md, Idempotency-Key: 1–255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `@Post(path)` for a route that takes `Idempotency-Key` (docs/api.md, Idempotency-Key): every POST of
 * a signed-in caller is declared so, and documented so in the OpenAPI document, by this one
 * decorator. A POST declared with `@Post` instead ignores the header: the anonymous routes that set
 * cookies (sign-in, invitation acceptance, …) and uploads (`openapi.spec.ts` holds the list).
 */
export function IdempotentPost(path?: string): MethodDecorator {
  return applyDecorators(
    Post(path),
    SetMetadata(IDEMPOTENT_ROUTE, true),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        '1–255 visible ASCII characters, kept 24 hours per caller. A retry with the same key, path and body answers the first answer again, byte for byte (status, body, `ETag`, `Location`), with `Idempotent-Replayed: true`; the key with another path or body: 422 `code: idempotency_key_reused`; while the first request still runs (after waiting up to 5 s for it): 409 `code: idempotency_key_in_use`; malformed: 400 `code: validation`. A 5xx answer is not kept.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]{1,255}$' },
    }),
  );
}
