import type { Env } from './config-declaration.js';
import { SETTINGS } from './settings.js';

export { BFF_PACKAGE_DIR, REPO_ROOT } from './settings.js';

/** The values of every setting, typed from their declaration (settings.ts). */
export type AppConfigValues = ReturnType<typeof SETTINGS.read>['values'];

/** AppConfig's constructor: holds the declared values as its own read-only properties. */
const ConfigValues = class {
  constructor(values: AppConfigValues) {
    Object.assign(this, values);
  }
} as new (values: AppConfigValues) => Readonly<AppConfigValues>;

/**
 * The whole configuration of the BFF, read once from the environment at start (settings.ts declares
 * each setting). Every other module receives it by injection (`constructor(private readonly config: AppConfig)`).
 */
export class AppConfig extends ConfigValues {
  /** Cookies carry `Secure` except in plain-http development and tests. */
  get secureCookies(): boolean {
    return this.isProduction || this.publicUrl.startsWith('https:');
  }

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }

  get isDevelopment(): boolean {
    return this.nodeEnv === 'development';
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

/** Thrown when the environment holds invalid values; `problems` has one line per bad variable. */
export class ConfigValidationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/** Reads and validates the configuration; throws ConfigValidationError listing every bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const { values, problems } = SETTINGS.read(env);
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return new AppConfig(values);
}
