import { passwordProblems } from './password-rule';

const fifteen = 'correct horse b';

describe('passwordProblems', () => {
  it('accepts 15 to 128 characters that match', () => {
    expect(passwordProblems({ password: fifteen, confirmation: fifteen })).toEqual({});
    const longest = 'x'.repeat(128);
    expect(passwordProblems({ password: longest, confirmation: longest })).toEqual({});
  });

  it('refuses fewer than 15 characters, counting as a person does', () => {
    expect(passwordProblems({ password: 'short', confirmation: 'short' }).password).toBe(
      'Use at least 15 characters (5 so far).',
    );
    // 14 emoji are 28 UTF-16 code units but 14 characters.
    const emoji = '🙂'.repeat(14);
    expect(passwordProblems({ password: emoji, confirmation: emoji }).password).toMatch(
      /at least 15/,
    );
  });

  it('refuses more than 128 characters', () => {
    const long = 'x'.repeat(129);
    expect(passwordProblems({ password: long, confirmation: long }).password).toBe(
      'Use at most 128 characters.',
    );
  });

  it('refuses the local part of the email, in any case', () => {
    const password = 'my name is Jane.Doe really';
    expect(
      passwordProblems({ password, confirmation: password, email: 'jane.doe@example.com' })
        .password,
    ).toBe('Do not use your email address in your password.');
    expect(
      passwordProblems({ password, confirmation: password, email: 'other@example.com' }),
    ).toEqual({});
  });

  it('says when the two passwords differ, or the second is missing', () => {
    expect(passwordProblems({ password: fifteen, confirmation: `${fifteen}!` })).toEqual({
      confirmation: 'The two passwords do not match.',
    });
    expect(passwordProblems({ password: fifteen, confirmation: '' })).toEqual({
      confirmation: 'Repeat the new password.',
    });
  });
});
