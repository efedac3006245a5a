import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export interface ThemeContextValue {
  /** The chosen theme, possibly `system`. */
  theme: Theme;
  /** The theme actually shown: `system` resolved through `prefers-color-scheme`. */
  resolvedTheme: ResolvedTheme;
  /** Chooses a theme (and remembers it when a storage key is set). */
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export interface ThemeProviderProps {
  /** The app. */
  children: ReactNode;
  /** Theme before the person chooses one. */
  defaultTheme?: Theme;
  /** Controlled theme (e.g. from the user's saved settings). */
  theme?: Theme;
  /** Called when `setTheme` is used. */
  onThemeChange?: (theme: Theme) => void;
  /** localStorage key remembering the choice; set to null to not remember. */
  storageKey?: string | null;
}

const isTheme = (value: unknown): value is Theme =>
  value === 'light' || value === 'dark' || value === 'system';

function readStored(key: string | null): Theme | undefined {
  if (!key || typeof window === 'undefined') return undefined;
  try {
    const stored = window.localStorage.getItem(key);
    return isTheme(stored) ? stored : undefined;
  } catch {
    // Storage can be blocked (privacy settings); the default theme applies then.
    return undefined;
  }
}

const darkQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(darkQuery).matches
    : false;
}

/**
 * Applies the colour theme to the document (`<html data-theme>`) — the tokens do the rest — and
 * exposes it through `useTheme()` for a theme switcher.
 */
export function ThemeProvider({
  children,
  defaultTheme = 'system',
  theme: controlled,
  onThemeChange,
  storageKey = 'ppui-theme',
}: ThemeProviderProps) {
  const [uncontrolled, setUncontrolled] = useState<Theme>(
    () => readStored(storageKey) ?? defaultTheme,
  );
  const theme = controlled ?? uncontrolled;
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(darkQuery);
    const update = () => setPrefersDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);

  const setTheme = useCallback(
    (next: Theme) => {
      setUncontrolled(next);
      if (storageKey) {
        try {
          window.localStorage.setItem(storageKey, next);
        } catch {
          // Not remembered when storage is blocked; the choice still applies now.
        }
      }
      onThemeChange?.(next);
    },
    [storageKey, onThemeChange],
  );

  const value = useMemo<ThemeContextValue>(
    () => ({
      theme,
      resolvedTheme: theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme,
      setTheme,
    }),
    [theme, prefersDark, setTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme of the nearest ThemeProvider. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside a <ThemeProvider>.');
  return value;
}
