import { hash, verify } from '@node-rs/argon2';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1), as docs/product.md §5 asks. The library's default
 * algorithm is argon2id; the parameters are stored in the PHC string, so raising them later keeps old
 * hashes verifiable. Configuration may raise the cost (and only tests may lower it: see AppConfig).
 */
export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

export function hashPassword(
  password: string,
  cost: Argon2Cost = DEFAULT_ARGON2_COST,
): Promise<string> {
  return hash(password, { ...cost, parallelism: 1 });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

/**
 * Whether a stored hash was made with another cost (or algorithm) than `cost`: the PHC string names
 * its parameters (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 */
export function hashCostDiffers(passwordHash: string, cost: Argon2Cost): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (match === null) return true;
  const [, memory, time, parallelism] = match.map(Number);
  return memory !== cost.memoryCost || time !== cost.timeCost || parallelism !== 1;
}
