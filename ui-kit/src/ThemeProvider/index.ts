export {
  ThemeProvider,
  useTheme,
  type ResolvedTheme,
  type Theme,
  type ThemeContextValue,
  type ThemeProviderProps,
} from './ThemeProvider';
