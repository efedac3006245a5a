import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { hashPassword, verifyPassword } from '../../users/password-hash.js';

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

  hash(password: string): Promise<string> {
    return hashPassword(password, {
      memoryCost: this.config.argon2MemoryKib,
      timeCost: this.config.argon2TimeCost,
    });
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
