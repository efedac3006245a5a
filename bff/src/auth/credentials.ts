import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { type UserAccount, UsersRepository } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { AuthRateLimiter, LIMITS } from './throttling/auth-rate-limiter.js';
import { addressBucket } from '../common/client-address.js';

/** Why an account's password was checked: a sign-in, or the acceptance of an invitation by it. */
export type CredentialPurpose = 'signin' | 'invitation';

/**
 * The one place where a password is checked against an account (sign-in, and an invitation accepted by
 * an existing account), throttled and audited alike. Each attempt is counted before the check, in one
 * atomic operation per limit (per address; per account and address; per account from anywhere), and
 * given back when the password was right. The account counts by its id, or, when there is none, by the
 * e-mail as the database folds it, so no spelling of one address opens a fresh count.
 */
@Injectable()
export class Credentials {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AuthRateLimiter,
    private readonly audit: AuditService,
  ) {}

  /**
   * The active account of `email` when `password` is its password; undefined otherwise (the failure
   * audited). One argon2id verification either way, so a known and an unknown e-mail take the same
   * time. 429 (`rate_limited`, Retry-After) when a limit is reached: nothing is checked then.
   */
  async check(
    email: string,
    password: string,
    ip: string,
    purpose: CredentialPurpose,
  ): Promise<UserAccount | undefined> {
    const address = addressBucket(ip);
    await this.limiter.hit(LIMITS.signinPerIp, address);
    const user = await this.users.findByEmail(email.trim());
    const account = user?.id ?? `email:${await this.users.foldEmail(email.trim())}`;
    const counts = [
      [LIMITS.signinFailures, `${account}|${address}`],
      [LIMITS.signinPerAccount, account],
    ] as const;
    for (const [limit, key] of counts) await this.limiter.hit(limit, key);

    const matches = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (user === undefined || !matches || user.status !== 'active') {
      await this.audit.recordAccountEvent('auth.signin.failed', user?.id, ip, {
        metadata: {
          reason: user === undefined ? 'unknown_email' : matches ? 'inactive' : 'wrong_password',
          ...(purpose === 'signin' ? {} : { via: purpose }),
        },
      });
      return undefined;
    }
    for (const [limit, key] of counts) await this.limiter.refund(limit, key);
    if (user.passwordHash !== null && this.hasher.needsRehash(user.passwordHash)) {
      // The configured cost changed: known accounts come to cost what the unknown ones' check does.
      await this.users.rehash(user.id, user.passwordHash, await this.hasher.hash(password));
    }
    return user;
  }
}
