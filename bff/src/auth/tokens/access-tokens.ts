import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppConfig } from '../../config/app-config.js';
import { AuthSecrets } from '../auth-secrets.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ALGORITHM = 'HS256';

/** What a verified access token says. */
export interface AccessClaims {
  sub: string;
  /** The session (refresh family) it belongs to. */
  sid: string;
  iat: number;
  exp: number;
}

export function jwtIssuer(config: AppConfig): string {
  return config.publicUrl;
}

export function jwtAudience(config: AppConfig): string {
  return `${config.publicUrl}/api`;
}

/** Signs access JWTs: HS256, `iss` and `aud` of this deployment, 15 minutes. */
@Injectable()
export class AccessTokens {
  constructor(
    private readonly config: AppConfig,
    private readonly secrets: AuthSecrets,
  ) {}

  /**
   * `iat` is never earlier than the user's tokens-valid-after second: a token issued in the same second
   * as a sign-out-everywhere or a password reset, but after it, stays valid.
   */
  sign(userId: string, sessionId: string, now: Date, tokensValidAfter: Date | null): string {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const floor = tokensValidAfter === null ? 0 : Math.ceil(tokensValidAfter.getTime() / 1000);
    const iat = Math.max(nowSeconds, floor);
    return jwt.sign(
      { sub: userId, sid: sessionId, iat, exp: nowSeconds + ACCESS_TOKEN_TTL_SECONDS },
      this.secrets.jwtKey,
      {
        algorithm: JWT_ALGORITHM,
        issuer: jwtIssuer(this.config),
        audience: jwtAudience(this.config),
      },
    );
  }
}
