import { hashCostDiffers, hashPassword, verifyPassword } from './password-hash.js';

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

describe('hashCostDiffers', () => {
  const cost = { memoryCost: 19_456, timeCost: 2 };

  it('tells a hash of the configured cost from one of another cost or kind', () => {
    expect(hashCostDiffers('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', cost)).toBe(false);
    expect(hashCostDiffers('$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA', cost)).toBe(true);
    expect(hashCostDiffers('$argon2id$v=19$m=19456,t=3,p=1$c2FsdA$aGFzaA', cost)).toBe(true);
    expect(hashCostDiffers('$argon2id$v=19$m=19456,t=2,p=4$c2FsdA$aGFzaA', cost)).toBe(true);
    expect(hashCostDiffers('$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', cost)).toBe(true);
  });
});
