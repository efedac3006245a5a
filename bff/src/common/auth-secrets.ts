import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';

interface SecretsFile {
  jwtSecret: string;
}

/**
 * The keys of the sessions. JWT_SECRET in production (the configuration refuses to start without it);
 * in tests a fresh key per process; otherwise (the embedded default) generated once and kept in
 * DATA_DIR/secrets.json, readable by the owner only.
 */
export class AuthSecrets {
  /** HS256 key of the access JWTs: a KeyObject, which jsonwebtoken verifies without re-importing. */
  readonly jwtKey: KeyObject;
  private readonly csrfKey: Buffer;

  constructor(secret: Buffer) {
    this.jwtKey = createSecretKey(secret);
    this.csrfKey = createHmac('sha256', secret).update('partner-portal csrf').digest();
  }

  /** The CSRF token of a session: stable across refreshes, unguessable without the key. */
  csrfTokenFor(sessionId: string): string {
    return createHmac('sha256', this.csrfKey).update(sessionId).digest('base64url');
  }

  static async load(config: AppConfig): Promise<AuthSecrets> {
    if (config.jwtSecret !== undefined)
      return new AuthSecrets(Buffer.from(config.jwtSecret, 'utf8'));
    if (config.isProduction) throw new Error('JWT_SECRET is required in production');
    if (config.nodeEnv === 'test') return new AuthSecrets(randomBytes(32));
    return new AuthSecrets(await readOrCreateSecret(path.join(config.dataDir, 'secrets.json')));
  }
}

async function readOrCreateSecret(file: string): Promise<Buffer> {
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<SecretsFile>;
    if (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 43) {
      return Buffer.from(stored.jwtSecret, 'base64url');
    }
    throw new Error(`${file} holds no usable jwtSecret: delete it to generate a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32);
  await mkdir(path.dirname(file), { recursive: true });
  const content: SecretsFile = { jwtSecret: secret.toString('base64url') };
  try {
    await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateSecret(file);
    throw error;
  }
  await chmod(file, 0o600);
  new Logger('Auth').log({ file }, 'Generated the session key of the embedded default');
  return secret;
}
