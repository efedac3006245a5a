import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('hashes with argon2id, m=19456 KiB, t=2, p=1, and verifies', async () => {
    const passwordHash = await hashPassword('correct horse battery staple');

    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(passwordHash, 'correct horse battery staple')).resolves.toBe(true);
    await expect(verifyPassword(passwordHash, 'correct horse battery stapler')).resolves.toBe(
      false,
    );
  });
});
