import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The bff package folder: the nearest folder above this file with bff's package.json (this file lives in
 * src/config/, dist/config/, or the benchmark's dist/bench/src/config/).
 */
function findPackageDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"@partner-portal/bff"')) {
      return dir;
    }
    if (path.dirname(dir) === dir) return path.resolve(start, '..', '..');
  }
}

export const BFF_PACKAGE_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));
/** The monorepo root, the parent of the bff package. */
export const REPO_ROOT = path.resolve(BFF_PACKAGE_DIR, '..');

export interface AppConfigValues {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  /** The public origin of the portal (no trailing slash): links and the error page use it, never the Host header. */
  publicUrl: string;
  /** A PostgreSQL URL, or undefined for the embedded database (PGlite in `dataDir`). */
  databaseUrl: string | undefined;
  dataDir: string;
  portalDistDir: string;
  logLevel: LogLevel;
  seedDemoData: boolean;
  /** How many reverse proxies in front of the BFF may be trusted for X-Forwarded-For. */
  trustedProxies: number;
  /** HS256 key of the access JWTs (>= 32 bytes); undefined outside production: generated (see AuthSecrets). */
  jwtSecret: string | undefined;
  /** smtp(s):// URL; undefined: e-mails are written to `mailOutboxDir`. */
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  mailFrom: string;
  /** redis:// URL: throttling counters shared by every instance; undefined: in memory. */
  redisUrl: string | undefined;
  /** argon2id memory cost in KiB (>= 19456 outside tests). */
  argon2MemoryKib: number;
  /** argon2id iterations (>= 2 outside tests). */
  argon2TimeCost: number;
}

/**
 * The whole configuration of the BFF, read once from the environment at start.
 * Every other module receives it by injection (`constructor(private readonly config: AppConfig)`).
 */
export class AppConfig implements Readonly<AppConfigValues> {
  readonly port: number;
  readonly host: string;
  readonly nodeEnv: NodeEnv;
  readonly publicUrl: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly portalDistDir: string;
  readonly logLevel: LogLevel;
  readonly seedDemoData: boolean;
  readonly trustedProxies: number;
  readonly jwtSecret: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailOutboxDir: string;
  readonly mailFrom: string;
  readonly redisUrl: string | undefined;
  readonly argon2MemoryKib: number;
  readonly argon2TimeCost: number;

  constructor(values: AppConfigValues) {
    this.port = values.port;
    this.host = values.host;
    this.nodeEnv = values.nodeEnv;
    this.publicUrl = values.publicUrl;
    this.databaseUrl = values.databaseUrl;
    this.dataDir = values.dataDir;
    this.portalDistDir = values.portalDistDir;
    this.logLevel = values.logLevel;
    this.seedDemoData = values.seedDemoData;
    this.trustedProxies = values.trustedProxies;
    this.jwtSecret = values.jwtSecret;
    this.smtpUrl = values.smtpUrl;
    this.mailOutboxDir = values.mailOutboxDir;
    this.mailFrom = values.mailFrom;
    this.redisUrl = values.redisUrl;
    this.argon2MemoryKib = values.argon2MemoryKib;
    this.argon2TimeCost = values.argon2TimeCost;
  }

  /** A copy with some values replaced (tests and tools). */
  with(overrides: Partial<AppConfigValues>): AppConfig {
    return new AppConfig({ ...this.values(), ...overrides });
  }

  values(): AppConfigValues {
    const { port, host, nodeEnv, publicUrl, databaseUrl, dataDir, portalDistDir } = this;
    const { logLevel, seedDemoData, trustedProxies, jwtSecret, smtpUrl, mailOutboxDir } = this;
    const { mailFrom, redisUrl, argon2MemoryKib, argon2TimeCost } = this;
    return {
      port,
      host,
      nodeEnv,
      publicUrl,
      databaseUrl,
      dataDir,
      portalDistDir,
      logLevel,
      seedDemoData,
      trustedProxies,
      jwtSecret,
      smtpUrl,
      mailOutboxDir,
      mailFrom,
      redisUrl,
      argon2MemoryKib,
      argon2TimeCost,
    };
  }

  /** Cookies carry `Secure` except in plain-http development and tests. */
  get secureCookies(): boolean {
    return this.isProduction || this.publicUrl.startsWith('https:');
  }

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }

  get isEmbeddedDatabase(): boolean {
    return this.databaseUrl === undefined;
  }

  /** The host (with port) of `publicUrl`. */
  get publicHost(): string {
    return new URL(this.publicUrl).host;
  }

  /** HSTS is sent in production and whenever the portal is served over https. */
  get strictTransportSecurity(): boolean {
    return this.isProduction || this.publicUrl.startsWith('https:');
  }
}

export const MIN_JWT_SECRET_BYTES = 32;
/** OWASP's minimum for argon2id, the floor of PRODUCT.md §5. */
export const ARGON2_MIN_MEMORY_KIB = 19_456;
export const ARGON2_MIN_TIME_COST = 2;

/** Thrown when the environment holds invalid values; `problems` has one line per bad variable. */
export class ConfigValidationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads and validates the configuration; throws ConfigValidationError listing every bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };

  const boolean = (name: string, fallback: boolean): boolean => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, 'info');
  const trustedProxies = integer('TRUSTED_PROXIES', 0, 0, 10);

  let publicUrl = `http://localhost:${port}`;
  const rawPublicUrl = read('PUBLIC_URL');
  if (rawPublicUrl !== undefined) {
    const parsed = URL.canParse(rawPublicUrl) ? new URL(rawPublicUrl) : undefined;
    if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol)) {
      problems.push(`PUBLIC_URL must be an absolute http(s) URL (got "${rawPublicUrl}")`);
    } else if (
      parsed.pathname !== '/' ||
      parsed.search !== '' ||
      parsed.hash !== '' ||
      parsed.username !== ''
    ) {
      problems.push(
        `PUBLIC_URL must be an origin only, like https://portal.example.com (got "${rawPublicUrl}")`,
      );
    } else {
      publicUrl = parsed.origin;
    }
  }

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined) {
    const parsed = URL.canParse(databaseUrl) ? new URL(databaseUrl) : undefined;
    if (parsed === undefined || !['postgres:', 'postgresql:'].includes(parsed.protocol)) {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
  }

  const seedDemoData = boolean(
    'SEED_DEMO_DATA',
    databaseUrl === undefined && nodeEnv !== 'production',
  );
  if (seedDemoData && nodeEnv === 'production') {
    problems.push('SEED_DEMO_DATA must not be true when NODE_ENV is production');
  }

  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    problems.push(
      `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes (256 bits), e.g. openssl rand -base64 48`,
    );
  } else if (jwtSecret === undefined && nodeEnv === 'production') {
    problems.push('JWT_SECRET is required when NODE_ENV is production');
  }

  const url = (name: string, protocols: readonly string[]): string | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    const parsed = URL.canParse(raw) ? new URL(raw) : undefined;
    if (parsed === undefined || !protocols.includes(parsed.protocol)) {
      problems.push(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`);
      return undefined;
    }
    return raw;
  };
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const mailFrom = read('MAIL_FROM') ?? `Partner portal <no-reply@${new URL(publicUrl).hostname}>`;

  // Tests may hash cheaply; anything else gets at least OWASP's argon2id minimum (PRODUCT.md §5).
  const minMemory = nodeEnv === 'test' ? 8 : ARGON2_MIN_MEMORY_KIB;
  const minTime = nodeEnv === 'test' ? 1 : ARGON2_MIN_TIME_COST;
  const argon2MemoryKib = integer('ARGON2_MEMORY_KIB', ARGON2_MIN_MEMORY_KIB, minMemory, 4_194_304);
  const argon2TimeCost = integer('ARGON2_TIME_COST', ARGON2_MIN_TIME_COST, minTime, 100);

  if (problems.length > 0) throw new ConfigValidationError(problems);

  const dataDir = path.resolve(read('DATA_DIR') ?? path.join(REPO_ROOT, '.data'));
  return new AppConfig({
    port,
    host,
    nodeEnv,
    publicUrl,
    databaseUrl,
    dataDir,
    portalDistDir: path.resolve(read('PORTAL_DIST_DIR') ?? path.join(REPO_ROOT, 'portal', 'dist')),
    logLevel,
    seedDemoData,
    trustedProxies,
    jwtSecret,
    smtpUrl,
    mailOutboxDir: path.resolve(read('MAIL_OUTBOX_DIR') ?? path.join(dataDir, 'outbox')),
    mailFrom,
    redisUrl,
    argon2MemoryKib,
    argon2TimeCost,
  });
}
