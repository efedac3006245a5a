import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh, reset and invitation tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked table gives no usable token. */
export function sha256Hex(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
