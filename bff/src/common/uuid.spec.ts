import { ProblemException } from './problem-details.js';
import { isUuid, ParseUuid } from './uuid.js';

describe('isUuid', () => {
  it.each([
    '0190f5a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d',
    '00000000-0000-0000-0000-000000000000',
    'ABCDEF01-2345-4678-9ABC-DEF012345678',
  ])('takes %s', (text) => expect(isUuid(text)).toBe(true));

  it.each([
    '',
    'not-a-uuid',
    '0190f5a2-7c1e-7d3a-9b2c-4e5f6a7b8c9',
    '0190f5a2-7c1e-7d3a-9b2c-4e5f6a7b8c9dd',
    '0190f5a27c1e7d3a9b2c4e5f6a7b8c9d',
    '0190f5a2-7c1e-7d3a-9b2c-4e5f6a7b8c9g',
    ' 0190f5a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d',
    '0190f5a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d\n',
    undefined,
    42,
  ])('refuses %p', (value) => expect(isUuid(value)).toBe(false));
});

describe('ParseUuid', () => {
  const pipe = new ParseUuid(() => new ProblemException(404, 'not_found', 'No such thing.'));

  it('passes a UUID through unchanged', () => {
    expect(pipe.transform('ABCDEF01-2345-4678-9ABC-DEF012345678')).toBe(
      'ABCDEF01-2345-4678-9ABC-DEF012345678',
    );
  });

  it('throws what the route says for anything else', () => {
    expect(() => pipe.transform('nope')).toThrow(ProblemException);
    expect(() => pipe.transform('nope')).toThrow('No such thing.');
  });
});
