import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1), as PRODUCT.md §5 asks. The library's default
 * algorithm is argon2id; the parameters are stored in the PHC string, so raising them later keeps old
 * hashes verifiable.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
