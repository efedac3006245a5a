import { tokenStillValid } from './account-state.js';

describe('tokenStillValid', () => {
  const at = (iso: string) => new Date(iso);
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

  it('accepts an active user with no sign-out-everywhere or reset', () => {
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), 'active', null)).toBe(true);
  });

  it('refuses disabled, invited and missing users', () => {
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), 'disabled', null)).toBe(false);
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), 'invited', null)).toBe(false);
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), undefined, undefined)).toBe(false);
  });

  it('refuses a token issued before tokens-valid-after, to the second', () => {
    const validAfter = at('2026-01-01T10:00:01Z');

    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), 'active', validAfter)).toBe(false);
    expect(tokenStillValid(seconds('2026-01-01T10:00:01Z'), 'active', validAfter)).toBe(true);
  });
});
