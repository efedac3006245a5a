import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ProblemException, type ProblemFieldError } from './problem-details.js';

/** Flattens class-validator's tree into one entry per failed field (`address.lines.0`). */
export function fieldErrors(errors: readonly ValidationError[], parent = ''): ProblemFieldError[] {
  return errors.flatMap((error) => {
    const field = parent === '' ? error.property : `${parent}.${error.property}`;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      message: constraint === 'whitelistValidation' ? `${field} is not an accepted field` : message,
    }));
    return [...own, ...fieldErrors(error.children ?? [], field)];
  });
}

/**
 * The one ValidationPipe of the API: unknown fields are refused, values are transformed to the DTO's
 * types, and failures become 400 problem details with `code: validation` and one error per field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new ProblemException(400, 'validation', 'The request is invalid.', fieldErrors(errors)),
  });
}
