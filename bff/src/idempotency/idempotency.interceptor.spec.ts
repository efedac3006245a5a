import { fingerprintOf } from './idempotency.interceptor.js';

describe('fingerprintOf', () => {
  const path = '/api/partners/acme-outdoor/inventory/1/movements';

  it('is the same for the same body whatever the order of its object keys, at any depth', () => {
    expect(
      fingerprintOf('POST', path, { kind: 'receipt', quantity: 3, meta: { b: 1, a: [2, 1] } }),
    ).toBe(
      fingerprintOf('POST', path, { meta: { a: [2, 1], b: 1 }, quantity: 3, kind: 'receipt' }),
    );
  });

  it('differs with any value, the order of an array, the method, the path or its query', () => {
    const first = fingerprintOf('POST', path, { kind: 'receipt', quantity: 3, list: [1, 2] });
    expect(
      new Set([
        first,
        fingerprintOf('POST', path, { kind: 'receipt', quantity: 4, list: [1, 2] }),
        fingerprintOf('POST', path, { kind: 'receipt', quantity: 3, list: [2, 1] }),
        fingerprintOf('POST', path, { kind: 'receipt', quantity: '3', list: [1, 2] }),
        fingerprintOf('PUT', path, { kind: 'receipt', quantity: 3, list: [1, 2] }),
        fingerprintOf('POST', `${path}?x=1`, { kind: 'receipt', quantity: 3, list: [1, 2] }),
        fingerprintOf('POST', path.replace('/1/', '/2/'), {
          kind: 'receipt',
          quantity: 3,
          list: [1, 2],
        }),
        fingerprintOf('POST', path, undefined),
        fingerprintOf('POST', path, {}),
      ]).size,
    ).toBe(9);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });
});
