import { nextPathFrom, sanitizeNextPath } from './next-path';

describe('sanitizeNextPath', () => {
  it.each([
    '/',
    '/acme-outdoor/overview',
    '/acme-outdoor/claims?status=draft&sort=-createdAt',
    '/acme-outdoor/claims/123#timeline',
    '/northwind/inventory?q=%2F%2Fnot-a-host',
    '/acme-outdoor/a:b',
    '/%2F%2Fevil.example',
  ])('keeps the same-origin path %s', (value) => {
    expect(sanitizeNextPath(value)).toBe(value);
  });

  it.each([
    ['nothing', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['an absolute URL', 'https://evil.example/'],
    ['an absolute URL of this host', 'http://portal.test/acme-outdoor'],
    ['a scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'acme-outdoor/overview'],
    ['a dot path', './acme-outdoor'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['three slashes', '///evil.example'],
    ['a slash and a backslash', '/\\evil.example'],
    ['a backslash later on', '/a\\..\\..\\evil'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a leading space', ' /acme-outdoor'],
    ['an inner space', '/acme outdoor'],
    ['a NUL', '/acme\u0000'],
    ['a C1 control', '/acme\u0085'],
    ['a query only', '?next=/x'],
    ['a fragment only', '#top'],
    ['a path that is too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_, value) => {
    expect(sanitizeNextPath(value)).toBeUndefined();
  });
});

describe('nextPathFrom', () => {
  it('reads ?next= from a query string', () => {
    expect(nextPathFrom('?next=%2Facme-outdoor%2Fclaims%3Fstatus%3Ddraft')).toBe(
      '/acme-outdoor/claims?status=draft',
    );
    expect(nextPathFrom(new URLSearchParams({ next: '/northwind/overview' }))).toBe(
      '/northwind/overview',
    );
  });

  it('gives nothing for a missing or foreign next', () => {
    expect(nextPathFrom('')).toBeUndefined();
    expect(nextPathFrom('?next=%2F%2Fevil.example')).toBeUndefined();
    expect(nextPathFrom('?next=https%3A%2F%2Fevil.example')).toBeUndefined();
  });
});
