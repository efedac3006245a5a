import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { AppConfig } from '../config/app-config.js';
import { AccountState } from './account-state.js';
import { AuthController, MeController } from './auth.controller.js';
import { AuthSecrets } from '../common/auth-secrets.js';
import { AuthService } from './auth.service.js';
import { CsrfGuard } from './guards/csrf.guard.js';
import { JwtAuthGuard } from './guards/jwt-auth.guard.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetsRepository } from './password/password-resets.repository.js';
import { JwtStrategy } from './strategies/jwt.strategy.js';
import { AuthRateLimiter } from './throttling/auth-rate-limiter.js';
import {
  MemoryRateLimitStorage,
  RateLimitStorage,
  RedisRateLimitStorage,
} from './throttling/rate-limit.storage.js';
import { Credentials } from './credentials.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { RefreshSessions } from './tokens/refresh-sessions.js';
import { RefreshTokensRepository } from './tokens/refresh-sessions.repository.js';
import { UsersModule } from '../users/users.module.js';

/**
 * Identity: sign-in, sessions, password reset, throttling; and two global guards, in this order: the
 * JWT (every route unless @Public()) and CSRF (every POST/PUT/PATCH/DELETE). The partner guard that
 * follows them is PartnersModule's.
 */
@Global()
@Module({
  imports: [PassportModule, UsersModule, ApiKeysModule],
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
      useFactory: async (config: AppConfig): Promise<RateLimitStorage> =>
        config.redisUrl === undefined
          ? new MemoryRateLimitStorage()
          : await RedisRateLimitStorage.connect(config.redisUrl),
    },
    PasswordHasher,
    PasswordResetsRepository,
    AccessTokens,
    RefreshTokensRepository,
    RefreshSessions,
    AccountState,
    JwtStrategy,
    AuthRateLimiter,
    Credentials,
    AuthService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: CsrfGuard },
  ],
  exports: [AuthService, Credentials, PasswordHasher, AccessTokens, RefreshSessions, AuthSecrets],
})
export class AuthModule implements OnApplicationShutdown {
  constructor(private readonly storage: RateLimitStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
