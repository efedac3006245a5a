import type { UserStatus } from '../users/user.entity.js';
import type { UserAccountState } from '../users/users.repository.js';
import { tokenStillValid } from './account-state.js';

describe('tokenStillValid', () => {
  const at = (iso: string) => new Date(iso);
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

  const state = (
    status: UserStatus,
    tokensValidAfter: Date | null = null,
    sessionRevoked = false,
  ): UserAccountState => ({ status, tokensValidAfter, sessionRevoked });

  it('accepts an active user with no sign-out-everywhere or reset', () => {
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), state('active'))).toBe(true);
  });

  it('refuses disabled, invited and missing users', () => {
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), state('disabled'))).toBe(false);
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), state('invited'))).toBe(false);
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), undefined)).toBe(false);
  });

  it('refuses a token of a signed-out session', () => {
    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), state('active', null, true))).toBe(
      false,
    );
  });

  it('refuses a token issued before tokens-valid-after, to the second', () => {
    const validAfter = at('2026-01-01T10:00:01Z');

    expect(tokenStillValid(seconds('2026-01-01T10:00:00Z'), state('active', validAfter))).toBe(
      false,
    );
    expect(tokenStillValid(seconds('2026-01-01T10:00:01Z'), state('active', validAfter))).toBe(
      true,
    );
  });
});
