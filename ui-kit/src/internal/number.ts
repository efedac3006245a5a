import { numberFormat } from './intl';

/** Separators of a locale, read from Intl so parsing accepts what formatting produced. */
export function separators(locale: string | undefined): { group: string; decimal: string } {
  const parts = numberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * Parses a number typed in the conventions of `locale` ("1.234,5" in de-DE, "1,234.5" in en-US),
 * ignoring currency symbols and spaces. Returns null for empty or unreadable input.
 */
export function parseLocaleNumber(text: string, locale?: string): number | null {
  const { group, decimal } = separators(locale);
  const normalised = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .split(group)
    .join('')
    .split(decimal)
    .join('.')
    .replace(/[−–]/g, '-')
    .replace(/[^\d.-]/g, '');
  if (normalised === '' || normalised === '-' || normalised === '.') return null;
  if (!/^-?\d*\.?\d*$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** Digits after the decimal point of a currency (EUR 2, JPY 0, KWD 3). */
export function currencyFractionDigits(currency: string): number {
  return (
    numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
