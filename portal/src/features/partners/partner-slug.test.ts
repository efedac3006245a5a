import { isPartnerSlug } from './partner-slug';

describe('isPartnerSlug', () => {
  it.each(['acme-outdoor', 'abc', 'a1-b2', 'x'.repeat(40)])('accepts %s', (slug) => {
    expect(isPartnerSlug(slug)).toBe(true);
  });

  it.each(['ab', 'x'.repeat(41), '-acme', 'acme-', 'Acme', 'acme_outdoor', 'acme outdoor', ''])(
    'refuses %j',
    (slug) => {
      expect(isPartnerSlug(slug)).toBe(false);
    },
  );
});
