import { Param, type PipeTransform } from '@nestjs/common';

/** A UUID as text (any version, either case): the BFF’s one UUID check (the id pipe, the JWT strategy). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * A path parameter that must be a UUID: anything else answers what `notFound` makes (the resource's
 * 404 problem, as for a missing or foreign id) before the handler runs, so services take ids as given.
 */
export class ParseUuid implements PipeTransform<string, string> {
  constructor(private readonly notFound: () => Error) {}

  transform(value: string): string {
    if (!isUuid(value)) throw this.notFound();
    return value;
  }
}

/** `@Param(name)` through ParseUuid: `@UuidParam('id', claimNotFound)`. */
export function UuidParam(name: string, notFound: () => Error): ParameterDecorator {
  return Param(name, new ParseUuid(notFound));
}
