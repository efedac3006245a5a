import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { passwordChangedMail, passwordResetLinkMail } from '../mail/password-reset.mail.js';
import { type UserAccount, UsersRepository } from '../users/users.repository.js';
import { AuthSecrets } from './auth-secrets.js';
import type { SessionCookies } from './cookies.js';
import type { AuthUser } from './decorators/current-user.decorator.js';
import type { SessionDto } from './dto/auth.dto.js';
import { PasswordHasher } from './password/password-hasher.js';
import { assertAcceptablePassword } from './password/password-policy.js';
import { PasswordResetsRepository } from './password/password-resets.repository.js';
import { Credentials } from './credentials.js';
import { AuthRateLimiter, LIMITS } from './throttling/auth-rate-limiter.js';
import { addressBucket } from './throttling/client-address.js';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './tokens/access-tokens.js';
import { RefreshRefused, RefreshSessions } from './tokens/refresh-sessions.js';
import { newOpaqueToken, sha256Hex } from './tokens/token-hash.js';

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
    private readonly dataSource: DataSource,
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
   * throttled and audited by `Credentials`.
   */
  async signIn(email: string, password: string, ip: string): Promise<StartedSession> {
    const user = await this.credentials.check(email, password, ip, 'signin');
    if (user === undefined) throw INVALID_CREDENTIALS();
    await this.users.recordSignIn(user.id, this.clock.now());
    await this.audit.recordAccountEvent('auth.signin', user.id, ip);
    return this.startSession(user.id);
  }

  /** A new session (refresh family) for a user: the session body, and its cookies. */
  async startSession(userId: string): Promise<StartedSession> {
    const user = await this.users.findById(userId);
    if (user === undefined || user.status !== 'active') throw INVALID_CREDENTIALS();
    const refresh = await this.refreshSessions.start(user.id);
    const cookies = this.cookiesOf(user, refresh.sessionId, refresh.token, refresh.expiresAt);
    return { session: await this.session(user.id), cookies };
  }

  private cookiesOf(
    user: UserAccount,
    sessionId: string,
    refreshToken: string,
    refreshExpiresAt: Date,
  ): SessionCookies {
    const now = this.clock.now();
    return {
      accessToken: this.accessTokens.sign(user.id, sessionId, now, user.tokensValidAfter),
      accessMaxAgeSeconds: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken,
      refreshMaxAgeSeconds: (refreshExpiresAt.getTime() - now.getTime()) / 1000,
      csrfToken: this.secrets.csrfTokenFor(sessionId),
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
      const user = await this.users.findById(rotated.userId);
      if (user === undefined) throw SESSION_ENDED();
      const cookies = this.cookiesOf(user, rotated.sessionId, rotated.token, rotated.expiresAt);
      return { session: await this.session(user.id), cookies };
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

  /** Ends every session of the caller: refresh families revoked, older access tokens refused. */
  async signOutEverywhere(user: AuthUser, ip: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.invalidateTokens(manager, user.id);
      await this.audit.recordAccountEvent('auth.signout_everywhere', user.id, ip, { manager });
    });
  }

  private async invalidateTokens(manager: EntityManager, userId: string): Promise<void> {
    // Rounded up to the next second: JWTs carry `iat` in seconds (see AccessTokens.sign).
    const validAfter = new Date(Math.ceil(this.clock.now().getTime() / 1000) * 1000);
    await this.users.invalidateTokens(userId, validAfter, manager);
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
    await this.dataSource.transaction(async (manager) => {
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
    });
    // From PUBLIC_URL, never from the request's Host header.
    const link = `${this.config.publicUrl}/reset-password?token=${token}`;
    await this.mail.send(
      passwordResetLinkMail({ to: { email: user.email, name: user.name }, link }),
    );
  }

  /**
   * Consumes the token in one atomic statement (of two concurrent uses exactly one wins), sets the
   * password, ends every session, and mails a notice. Never signs in.
   */
  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const tokenHash = sha256Hex(token);
    const holder = await this.passwordResets.holderOf(tokenHash, now);
    if (holder === undefined) throw TOKEN_INVALID();
    assertAcceptablePassword(password, holder.email);
    const passwordHash = await this.hasher.hash(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      // The token hash is unique: the token consumed is the holder's.
      if (!(await this.passwordResets.consume(tokenHash, now, manager))) return undefined;
      await this.users.setPassword(holder.userId, passwordHash, manager);
      await this.invalidateTokens(manager, holder.userId);
      await this.audit.recordAccountEvent('auth.password_reset', holder.userId, ip, { manager });
      return holder.userId;
    });
    if (userId === undefined) throw TOKEN_INVALID();
    const user = await this.users.findById(userId);
    if (user !== undefined) {
      await this.mail.send(
        passwordChangedMail({
          to: { email: user.email, name: user.name },
          forgotPasswordUrl: `${this.config.publicUrl}/forgot-password`,
        }),
      );
    }
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
