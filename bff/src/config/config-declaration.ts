/** Reports a bad value; the setting still returns a fallback so that every problem is listed at once. */
export type ReportProblem = (message: string) => void;

/** One setting of the BFF, declared once: its variable, its default and meaning (for the README), its reader. */
export interface Setting<T, Prior> {
  /** The environment variable. */
  readonly env: string;
  /** The default as the README shows it (markdown). */
  readonly default: string;
  /** What it does (markdown, one paragraph): the README's table is generated from it. */
  readonly doc: string;
  /** The value from the variable (trimmed; undefined when unset or empty) and the settings before it. */
  read(raw: string | undefined, prior: Prior, problem: ReportProblem): T;
}

type AnySetting = Setting<unknown, Readonly<Record<string, unknown>>>;

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The ordered table of settings. Each `add` names the AppConfig property and may read the values of
 * the settings added before it (a default that depends on NODE_ENV or PORT), typed.
 */
export class ConfigDeclaration<Values extends object> {
  private constructor(
    private readonly settings: ReadonlyArray<{ key: string; setting: AnySetting }>,
  ) {}

  static empty(): ConfigDeclaration<Record<never, never>> {
    return new ConfigDeclaration([]);
  }

  add<Key extends string, T>(
    key: Key,
    setting: Setting<T, Readonly<Values>>,
  ): ConfigDeclaration<Values & { readonly [K in Key]: T }> {
    return new ConfigDeclaration([
      ...this.settings,
      { key, setting: setting as unknown as AnySetting },
    ]);
  }

  /** Every setting, in order: the README's table. */
  get entries(): ReadonlyArray<Pick<AnySetting, 'env' | 'default' | 'doc'>> {
    return this.settings.map(({ setting }) => setting);
  }

  /** The values read from `env`, and one line per bad variable. */
  read(env: Env): { values: Values; problems: string[] } {
    const problems: string[] = [];
    const values: Record<string, unknown> = {};
    for (const { key, setting } of this.settings) {
      const raw = env[setting.env]?.trim();
      values[key] = setting.read(raw === '' ? undefined : raw, values, (message) =>
        problems.push(`${setting.env} ${message}`),
      );
    }
    return { values: values as Values, problems };
  }
}

/** Readers of the usual kinds of value. */
export const read = {
  integer:
    (fallback: number, min: number, max: number) =>
    (raw: string | undefined, _prior: unknown, problem: ReportProblem): number => {
      if (raw === undefined) return fallback;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        problem(`must be an integer from ${min} to ${max} (got "${raw}")`);
        return fallback;
      }
      return Number(raw);
    },

  oneOf:
    <T extends string>(allowed: readonly T[], fallback: T) =>
    (raw: string | undefined, _prior: unknown, problem: ReportProblem): T => {
      if (raw === undefined) return fallback;
      if (!(allowed as readonly string[]).includes(raw)) {
        problem(`must be one of ${allowed.join(', ')} (got "${raw}")`);
        return fallback;
      }
      return raw as T;
    },

  boolean: (raw: string | undefined, fallback: boolean, problem: ReportProblem): boolean => {
    const value = raw?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    problem(`must be true or false (got "${raw}")`);
    return fallback;
  },

  url:
    (protocols: readonly string[]) =>
    (raw: string | undefined, _prior: unknown, problem: ReportProblem): string | undefined => {
      if (raw === undefined) return undefined;
      const parsed = URL.canParse(raw) ? new URL(raw) : undefined;
      if (parsed === undefined || !protocols.includes(parsed.protocol)) {
        problem(`must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`);
        return undefined;
      }
      return raw;
    },

  /** An http(s) origin (`https://portal.example.com`, no path), normalized; undefined if bad. */
  origin: (raw: string, problem: ReportProblem): string | undefined => {
    const parsed = URL.canParse(raw) ? new URL(raw) : undefined;
    if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol)) {
      problem(`must be an absolute http(s) URL (got "${raw}")`);
      return undefined;
    }
    if (
      parsed.pathname !== '/' ||
      parsed.search !== '' ||
      parsed.hash !== '' ||
      parsed.username !== ''
    ) {
      problem(`must be an origin only, like https://portal.example.com (got "${raw}")`);
      return undefined;
    }
    return parsed.origin;
  },
};
