import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { notificationSettingsUrl } from '../mail/notification-settings.js';
import { UsersRepository } from '../users/users.repository.js';
import { AuthSecrets } from '../common/auth-secrets.js';
import type { SessionCookies } from './cookies.js';
import type { AuthUser } from './decorators/current-user.decorator.js';
import type { SessionDto } from './dto/auth.dto.js';
import { PasswordHasher } from './password-hasher.js';
import { assertAcceptablePassword } from './password-policy.js';
import { PasswordResetsRepository } from './password/password-resets.repository.js';
import { Credentials } from './credentials.js';
import { AuthRateLimiter, LIMITS } from './throttling/auth-rate-limiter.js';
import { addressBucket } from '../common/client-address.js';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './tokens/access-tokens.js';
import {
  type IssuedRefreshToken,
  RefreshRefused,
  RefreshSessions,
} from './tokens/refresh-sessions.js';
import { newOpaqueToken, sha256Hex } from '../common/token-hash.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const INVALID_CREDENTIALS = (): ProblemException =>
  new ProblemException(401, 'invalid_credentials', 'The email or password is incorrect.');

const TOKEN_INVALID = (): ProblemException =>
  new ProblemException(
    400,
    'token_invalid',
    'This link is invalid, used or expired. Ask for a new one.',
  );

/** 401 of a refresh without a live session: the controller clears the session cookies with it. */
export const SESSION_ENDED = (): ProblemException =>
  new ProblemException(401, 'unauthorized', 'The session has ended. Sign in again.');

/** A session just started or renewed: the body to answer, and the cookies the controller sets. */
export interface StartedSession {
  session: SessionDto;
  cookies: SessionCookies;
}

/**
 * Sign-in, sessions, sign-out and password reset (docs/product.md §5, docs/api.md). Knows no HTTP: the
 * controllers read the refresh cookie, and set or clear the session cookies, from what it answers.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly users: UsersRepository,
    private readonly passwordResets: PasswordResetsRepository,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly accessTokens: AccessTokens,
    private readonly refreshSessions: RefreshSessions,
    private readonly secrets: AuthSecrets,
    private readonly limiter: AuthRateLimiter,
    private readonly credentials: Credentials,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  /**
   * Same answer, and the same work (one argon2id verification), whether or not the e-mail exists;
   * throttled and audited by `Credentials`. The session is issued under the credential generation read
   * with the hash the password was checked against: a reset or a sign-out everywhere committed in
   * between makes it a failed sign-in (401), never a session.
   */
  async signIn(email: string, password: string, ip: string): Promise<StartedSession> {
    const user = await this.credentials.check(email, password, ip, 'signin');
    if (user === undefined) throw INVALID_CREDENTIALS();
    const issued = await this.refreshSessions.start(user.id, user.credentialGeneration);
    if (issued === undefined) {
      await this.audit.recordAccountEvent('auth.signin.failed', user.id, ip, {
        metadata: { reason: 'credentials_changed' },
      });
      throw INVALID_CREDENTIALS();
    }
    await this.users.recordSignIn(user.id, this.clock.now());
    await this.audit.recordAccountEvent('auth.signin', user.id, ip);
    return { session: await this.session(user.id), cookies: this.cookiesOf(issued) };
  }

  /**
   * A new session (refresh family) of a user whose credentials were checked under
   * `credentialGeneration`, inside the caller's transaction when given (an accepted invitation); its
   * cookies, or undefined when the user is no longer active or of that generation.
   */
  async issueSession(
    userId: string,
    credentialGeneration: number,
    manager?: EntityManager,
  ): Promise<SessionCookies | undefined> {
    const issued = await this.refreshSessions.start(userId, credentialGeneration, manager);
    return issued === undefined ? undefined : this.cookiesOf(issued);
  }

  private cookiesOf(refresh: IssuedRefreshToken): SessionCookies {
    const now = this.clock.now();
    return {
      accessToken: this.accessTokens.sign(
        refresh.userId,
        refresh.sessionId,
        refresh.credentialGeneration,
        now,
      ),
      accessMaxAgeSeconds: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken: refresh.token,
      refreshMaxAgeSeconds: (refresh.expiresAt.getTime() - now.getTime()) / 1000,
      csrfToken: this.secrets.csrfTokenFor(refresh.sessionId),
    };
  }

  /**
   * Rotates the refresh token (the refresh cookie's); a reused one ends its whole session. 401
   * (`SESSION_ENDED`) without a live session.
   */
  async refresh(token: string | undefined, ip: string): Promise<StartedSession> {
    if (token === undefined || token === '') throw SESSION_ENDED();
    try {
      const rotated = await this.refreshSessions.rotate(token);
      return { session: await this.session(rotated.userId), cookies: this.cookiesOf(rotated) };
    } catch (error) {
      if (!(error instanceof RefreshRefused)) throw error;
      if (error.reason === 'reused') {
        await this.audit.recordAccountEvent('auth.refresh.reused', error.userId, ip);
      }
      throw SESSION_ENDED();
    }
  }

  /**
   * Ends the session of a refresh token (the refresh cookie's, sent to /api/auth only). Works with an
   * expired access token too: signing out must never fail for lack of a session.
   */
  async signOut(refreshToken: string | undefined, ip: string): Promise<void> {
    const session =
      refreshToken === undefined || refreshToken === ''
        ? undefined
        : await this.refreshSessions.sessionOf(refreshToken);
    if (session !== undefined) {
      const { sessionId, userId } = session;
      await this.refreshSessions.revokeFamily(sessionId);
      await this.audit.recordAccountEvent('auth.signout', userId, ip);
    }
  }

  /** Ends every session of the caller: refresh families revoked, the credential generation moved on. */
  async signOutEverywhere(user: AuthUser, ip: string): Promise<void> {
    await this.database.transaction(async (manager) => {
      await this.endSessions(manager, user.id);
      await this.audit.recordAccountEvent('auth.signout_everywhere', user.id, ip, { manager });
    });
  }

  /**
   * Every invalidation of a user's sessions: the credential generation moves on (with the new password,
   * in the same statement, for a reset), and the refresh tokens are revoked.
   */
  private async endSessions(
    manager: EntityManager,
    userId: string,
    change: { passwordHash?: string } = {},
  ): Promise<void> {
    await this.users.endSessions(userId, manager, change);
    await this.refreshSessions.revokeUser(userId, manager);
  }

  /**
   * Answers at once; the lookup, the token and the e-mail happen after the response, so a known and an
   * unknown address take the same time. Throttled per e-mail and per IP.
   */
  async forgotPassword(email: string, ip: string): Promise<void> {
    await this.limiter.hit(LIMITS.forgotPerIp, addressBucket(ip));
    await this.limiter.hit(LIMITS.forgotPerEmail, await this.users.foldEmail(email.trim()));
    setImmediate(() => {
      this.sendResetLink(email.trim(), ip).catch((error: unknown) => {
        this.logger.error({ err: error }, 'Sending a password reset link failed');
      });
    });
  }

  /** Exposed for tests that need to wait for the mail; the route does not wait. */
  async sendResetLink(email: string, ip: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (user === undefined || user.status !== 'active') return;
    const token = newOpaqueToken();
    const now = this.clock.now();
    // From PUBLIC_URL, never from the request's Host header.
    const link = `${this.config.publicUrl}/reset-password?token=${token}`;
    const settingsLink = await this.settingsLinkOf(user.id);
    await this.database.transaction(async (manager) => {
      // A newer link voids the older ones.
      await this.passwordResets.voidPending(user.id, now, manager);
      await this.passwordResets.insert(
        {
          userId: user.id,
          tokenHash: sha256Hex(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        },
        manager,
      );
      await this.audit.recordAccountEvent('auth.password_reset.requested', user.id, ip, {
        manager,
      });
      // The link's job commits with its token (docs/decisions.md, "A job queue in PostgreSQL").
      await this.mail.enqueue(manager, {
        template: 'passwordResetLink',
        data: { to: { email: user.email, name: user.name }, link, settingsLink },
      });
    });
  }

  /**
   * Whether a reset token can still be used, without using it: the e-mail of its account, or 400
   * `token_invalid` (unknown, used, expired or voided), as the reset itself answers. Unknown tokens
   * count against the address's reset failures (one counter with `resetPassword`); a live one is given
   * back.
   */
  async describePasswordReset(token: string, ip: string): Promise<{ email: string }> {
    const bucket = addressBucket(ip);
    await this.limiter.hit(LIMITS.resetFailures, bucket);
    const holder = await this.passwordResets.holderOf(sha256Hex(token), this.clock.now());
    if (holder === undefined) throw TOKEN_INVALID();
    await this.limiter.refund(LIMITS.resetFailures, bucket);
    return { email: holder.email };
  }

  /**
   * Consumes the token in one atomic statement (of two concurrent uses exactly one wins), sets the
   * password and ends every session in one more, and mails a notice. Never signs in.
   */
  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const tokenHash = sha256Hex(token);
    const bucket = addressBucket(ip);
    await this.limiter.hit(LIMITS.resetFailures, bucket);
    const holder = await this.passwordResets.holderOf(tokenHash, now);
    if (holder === undefined) throw TOKEN_INVALID();
    await this.limiter.refund(LIMITS.resetFailures, bucket);
    assertAcceptablePassword(password, holder.email);
    const passwordHash = await this.hasher.hash(password);
    const user = await this.users.findById(holder.userId);
    const settingsLink = user === undefined ? null : await this.settingsLinkOf(user.id);
    const userId = await this.database.transaction(async (manager) => {
      // The token hash is unique: the token consumed is the holder's.
      if (!(await this.passwordResets.consume(tokenHash, now, manager))) return undefined;
      await this.endSessions(manager, holder.userId, { passwordHash });
      await this.audit.recordAccountEvent('auth.password_reset', holder.userId, ip, { manager });
      if (user !== undefined) {
        await this.mail.enqueue(manager, {
          template: 'passwordChanged',
          data: {
            to: { email: user.email, name: user.name },
            forgotPasswordUrl: `${this.config.publicUrl}/forgot-password`,
            settingsLink,
          },
        });
      }
      return holder.userId;
    });
    if (userId === undefined) throw TOKEN_INVALID();
  }

  /**
   * The notification settings link of a message about no one partner (docs/product.md, Notification
   * preferences): the person's first partner by name, none when they belong to no partner.
   */
  private async settingsLinkOf(userId: string): Promise<string | null> {
    const [first] = await this.users.membershipsOf(userId);
    return first === undefined
      ? null
      : notificationSettingsUrl(this.config.publicUrl, first.partner.slug);
  }

  async session(userId: string): Promise<SessionDto> {
    const user = await this.users.findById(userId);
    if (user === undefined) throw new ProblemException(401, 'unauthorized', 'Sign in first.');
    return {
      user: { id: user.id, email: user.email, name: user.name, isStaff: user.isStaff },
      memberships: await this.users.membershipsOf(user.id),
    };
  }
}
