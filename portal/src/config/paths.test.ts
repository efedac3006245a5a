import { paths } from './paths';

describe('paths', () => {
  it('builds the signed-out screens', () => {
    expect(paths.home()).toBe('/');
    expect(paths.signIn()).toBe('/signin');
    expect(paths.forgotPassword()).toBe('/forgot-password');
    expect(paths.resetPassword()).toBe('/reset-password');
    expect(paths.welcome()).toBe('/welcome');
  });

  it('carries query parameters, encoded, and leaves out empty ones', () => {
    expect(paths.signIn('/acme-outdoor/claims?status=draft')).toBe(
      '/signin?next=%2Facme-outdoor%2Fclaims%3Fstatus%3Ddraft',
    );
    expect(paths.signIn('')).toBe('/signin');
    expect(paths.resetPassword('a+b/c')).toBe('/reset-password?token=a%2Bb%2Fc');
    expect(paths.welcome('t0ken')).toBe('/welcome?token=t0ken');
  });

  it('scopes every partner screen by the slug', () => {
    expect(paths.partner('acme-outdoor')).toBe('/acme-outdoor');
    expect(paths.overview('acme-outdoor')).toBe('/acme-outdoor/overview');
    expect(paths.analytics('acme-outdoor')).toBe('/acme-outdoor/analytics');
    expect(paths.inventory('acme-outdoor')).toBe('/acme-outdoor/inventory');
    expect(paths.inventoryItem('acme-outdoor', 'item-1')).toBe('/acme-outdoor/inventory/item-1');
    expect(paths.claims('acme-outdoor')).toBe('/acme-outdoor/claims');
    expect(paths.claim('acme-outdoor', 'c-42')).toBe('/acme-outdoor/claims/c-42');
    expect(paths.members('acme-outdoor')).toBe('/acme-outdoor/members');
    expect(paths.fileClaim('acme-outdoor', 'm-7', 'item-1')).toBe(
      '/acme-outdoor/claims?fileFor=m-7&item=item-1',
    );
    expect(paths.newClaim('acme-outdoor')).toBe('/acme-outdoor/claims?new=1');
    expect(paths.itemClaims('acme-outdoor', 'item-1')).toBe('/acme-outdoor/claims?itemId=item-1');
  });

  it('encodes ids so that they stay one path segment', () => {
    expect(paths.claim('acme-outdoor', 'a/b?c')).toBe('/acme-outdoor/claims/a%2Fb%3Fc');
  });
});
