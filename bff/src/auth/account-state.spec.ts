import type { UserStatus } from '../users/user.entity.js';
import type { UserAccountState } from '../users/users.repository.js';
import { tokenStillValid } from './account-state.js';

describe('tokenStillValid', () => {
  const state = (
    status: UserStatus,
    credentialGeneration = 0,
    sessionRevoked = false,
  ): UserAccountState => ({ status, credentialGeneration, sessionRevoked, isStaff: false });

  it('accepts an active user with no sign-out-everywhere or reset', () => {
    expect(tokenStillValid(0, state('active'))).toBe(true);
  });

  it('refuses disabled, invited and missing users', () => {
    expect(tokenStillValid(0, state('disabled'))).toBe(false);
    expect(tokenStillValid(0, state('invited'))).toBe(false);
    expect(tokenStillValid(0, undefined)).toBe(false);
  });

  it('refuses a token of a signed-out session', () => {
    expect(tokenStillValid(0, state('active', 0, true))).toBe(false);
  });

  it('accepts a token of the current credential generation only, whenever it was issued', () => {
    expect(tokenStillValid(3, state('active', 3))).toBe(true);
    // Issued before a sign-out everywhere or a reset, however close to it.
    expect(tokenStillValid(2, state('active', 3))).toBe(false);
    // A generation the user never had (a token forged with the right key, or of a restored backup).
    expect(tokenStillValid(4, state('active', 3))).toBe(false);
  });
});
