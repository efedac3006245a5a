import { COMMON_PASSWORD_COUNT, passwordProblems } from './password-policy.js';

describe('the password rule', () => {
  const email = 'ada.lovelace@acme.example';

  it('accepts 15 to 128 characters with no composition rule', () => {
    expect(passwordProblems('lantern orchard', email)).toEqual([]);
    expect(passwordProblems('a'.repeat(64) + 'b'.repeat(64), email)).toEqual([]);
  });

  it('refuses 14 characters and 129, counting code points, never truncating', () => {
    expect(passwordProblems('lantern orchar', email)).toEqual([
      'password must be at least 15 characters long',
    ]);
    expect(passwordProblems('x'.repeat(129), email)).toEqual([
      'password must be at most 128 characters long',
    ]);
    // 15 emoji are 30 UTF-16 units but 15 characters.
    expect(passwordProblems('🔥'.repeat(14), email)).toHaveLength(1);
    expect(passwordProblems('🔥'.repeat(15), email)).toEqual([]);
  });

  it('ships at least the 10,000 most common passwords and refuses them, in any case', () => {
    expect(COMMON_PASSWORD_COUNT()).toBeGreaterThanOrEqual(10_000);
    expect(passwordProblems('123456789987654321', email)).toContain('password is too common');
    expect(passwordProblems('1QAZ2WSX3EDC4RFV', email)).toContain('password is too common');
  });

  it("refuses a password containing the e-mail's local part", () => {
    expect(passwordProblems('my name is Ada.Lovelace, ok', email)).toEqual([
      'password must not contain your e-mail address',
    ]);
  });
});
