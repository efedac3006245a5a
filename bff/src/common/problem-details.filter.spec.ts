import {
  BadRequestException,
  ConflictException,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ProblemDetailsFilter } from './problem-details.filter.js';
import { ProblemException } from './problem-details.js';

describe('ProblemDetailsFilter.toProblem', () => {
  const filter = new ProblemDetailsFilter();

  it('keeps the code, detail and field errors of a ProblemException', () => {
    const problem = filter.toProblem(
      new ProblemException(400, 'validation', 'The request is invalid.', [
        { field: 'email', message: 'email must be an email' },
      ]),
      'req-1',
    );

    expect(problem).toEqual({
      type: 'urn:partner-portal:problem:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is invalid.',
      code: 'validation',
      requestId: 'req-1',
      errors: [{ field: 'email', message: 'email must be an email' }],
    });
  });

  it('adds the extension members of a ProblemException, never over a standard member', () => {
    const problem = filter.toProblem(
      new ProblemException(412, 'stale', 'Changed since.', undefined, {
        members: { claim: { version: 3 }, status: 200 },
      }),
      'req-1',
    );

    expect(problem).toMatchObject({ status: 412, code: 'stale', claim: { version: 3 } });
  });

  it.each([
    [new NotFoundException('No partner acme'), 404, 'not_found', 'No partner acme'],
    [new ConflictException(), 409, 'conflict', 'Conflict'],
    [
      new BadRequestException(['a is wrong', 'b is wrong']),
      400,
      'bad_request',
      'a is wrong; b is wrong',
    ],
    [new HttpException('Slow down', 429), 429, 'rate_limited', 'Slow down'],
  ])('maps %p to %i %s', (exception, status, code, detail) => {
    expect(filter.toProblem(exception, 'r')).toMatchObject({ status, code, detail });
  });

  it('never lets the message of an unexpected error out', () => {
    const problem = filter.toProblem(new Error('password=hunter2 at db.internal:5432'), 'r');

    expect(problem).toMatchObject({
      status: 500,
      code: 'internal',
      title: 'Internal Server Error',
    });
    expect(JSON.stringify(problem)).not.toMatch(/hunter2|db\.internal/);
  });

  it('hides the message of a 500 HttpException too', () => {
    expect(
      filter.toProblem(new HttpException('pool exhausted on db-3', 500), 'r').detail,
    ).not.toContain('db-3');
  });

  /** A statement's failure as `Database` throws it: the driver's error with its SQLSTATE. */
  const failed = (code: string, message: string) =>
    new QueryFailedError('UPDATE claims SET …', [], Object.assign(new Error(message), { code }));

  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
  ])(
    'answers a transaction rolled back for a concurrent one (%s) 503 unavailable',
    (code, message) => {
      const problem = filter.toProblem(failed(code, message), 'r');

      expect(problem).toMatchObject({ status: 503, code: 'unavailable' });
      expect(problem.detail).toMatch(/nothing of it was saved/);
      expect(problem.detail).not.toContain(message);
    },
  );

  it('keeps any other failed statement a 500', () => {
    const problem = filter.toProblem(failed('23505', 'duplicate key value'), 'r');

    expect(problem).toMatchObject({ status: 500, code: 'internal' });
  });
});
