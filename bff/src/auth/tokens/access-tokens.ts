import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppConfig } from '#src/config/app-config.js';
import { AuthSecrets } from '#src/common/auth-secrets.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ALGORITHM = 'HS256';

/** What a verified access token says. */
export interface AccessClaims {
  sub: string;
  /** The session (refresh family) it belongs to. */
  sid: string;
  /** The user's credential generation it was issued under: refused once that has moved on. */
  gen: number;
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
   * `gen` is the credential generation the session was issued under (its refresh token's): the token
   * is valid while it is the user's, whatever second it was issued in.
   */
  sign(userId: string, sessionId: string, credentialGeneration: number, now: Date): string {
    const iat = Math.floor(now.getTime() / 1000);
    return jwt.sign(
      {
        sub: userId,
        sid: sessionId,
        gen: credentialGeneration,
        iat,
        exp: iat + ACCESS_TOKEN_TTL_SECONDS,
      },
      this.secrets.jwtKey,
      {
        algorithm: JWT_ALGORITHM,
        issuer: jwtIssuer(this.config),
        audience: jwtAudience(this.config),
      },
    );
  }
}
