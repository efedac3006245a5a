import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { hashCostDiffers, hashPassword, verifyPassword } from '../users/password-hash.js';

/**
 * Hashes with the configured argon2id cost. `verify` of a missing hash still spends one argon2id
 * verification (of a dummy hash of the same cost), so that an unknown e-mail answers as slowly as a
 * known one.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: string | undefined;

  constructor(private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.hash(randomBytes(24).toString('base64url'));
  }

  private get cost() {
    return { memoryCost: this.config.argon2MemoryKib, timeCost: this.config.argon2TimeCost };
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.cost);
  }

  /** Whether a stored hash should be made again at the configured cost (it was raised, or lowered). */
  needsRehash(passwordHash: string): boolean {
    return hashCostDiffers(passwordHash, this.cost);
  }

  /** True only for a real hash that matches; a null hash costs the same and answers false. */
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      this.dummyHash ??= await this.hash(randomBytes(24).toString('base64url'));
      await verifyPassword(this.dummyHash, password);
      return false;
    }
    return verifyPassword(passwordHash, password);
  }
}
