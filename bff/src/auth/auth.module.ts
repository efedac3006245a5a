import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../config/app-config.js';
import { PartnerAccessGuard } from '../partners/guards/partner-access.guard.js';
import { AccountState } from './account-state.js';
import { AuthController, MeController } from './auth.controller.js';
import { AuthSecrets } from './auth-secrets.js';
import { AuthService } from './auth.service.js';
import { CsrfGuard } from './guards/csrf.guard.js';
import { JwtAuthGuard } from './guards/jwt-auth.guard.js';
import { PasswordHasher } from './password/password-hasher.js';
import { JwtStrategy } from './strategies/jwt.strategy.js';
import { AuthRateLimiter } from './throttling/auth-rate-limiter.js';
import {
  MemoryRateLimitStorage,
  RateLimitStorage,
  RedisRateLimitStorage,
} from './throttling/rate-limit.storage.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { RefreshSessions } from './tokens/refresh-sessions.js';

/**
 * Identity: sign-in, sessions, password reset, throttling; and the global guards, in this order:
 * the JWT (every route unless @Public()), CSRF (every POST/PUT/PATCH/DELETE), the partner guard
 * (every route with :partnerSlug).
 */
@Global()
@Module({
  imports: [PassportModule],
  controllers: [AuthController, MeController],
  providers: [
    {
      provide: AuthSecrets,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => AuthSecrets.load(config),
    },
    {
      provide: RateLimitStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimitStorage =>
        config.redisUrl === undefined
          ? new MemoryRateLimitStorage()
          : RedisRateLimitStorage.connect(config.redisUrl),
    },
    PasswordHasher,
    AccessTokens,
    RefreshSessions,
    AccountState,
    JwtStrategy,
    AuthRateLimiter,
    AuthService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_GUARD, useClass: PartnerAccessGuard },
  ],
  exports: [AuthService, PasswordHasher, AccessTokens, RefreshSessions, AuthSecrets],
})
export class AuthModule implements OnApplicationShutdown {
  constructor(private readonly storage: RateLimitStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
