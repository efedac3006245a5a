import { numberFormat } from '../internal/intl';
import { currencyFractionDigits, parseLocaleNumber } from '../internal/number';

export interface FormatMoneyOptions {
  /** BCP 47 locale; defaults to the browser's. */
  locale?: string;
  /** `always` shows + on gains (for deltas); `exceptZero` likewise without "+0". */
  signDisplay?: 'auto' | 'always' | 'exceptZero' | 'never';
  /** Short form for dashboards: €12.3K. */
  compact?: boolean;
  /** `code` shows EUR instead of €, when several currencies appear together. */
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code' | 'name';
}

/** Converts integer minor units (cents) to the major unit of a currency: 1999 EUR → 19.99. */
export function minorToMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** currencyFractionDigits(currency);
}

/** Converts a major-unit amount to integer minor units, rounding half away from zero. */
export function majorToMinor(amount: number, currency: string): number {
  const factor = 10 ** currencyFractionDigits(currency);
  return Math.sign(amount) * Math.round(Math.abs(amount) * factor);
}

/**
 * Formats an amount held as integer minor units with its ISO 4217 currency:
 * `formatMoney(123456, 'EUR', { locale: 'de-DE' })` → "1.234,56 €".
 */
export function formatMoney(
  amountMinor: number,
  currency: string,
  {
    locale,
    signDisplay = 'auto',
    compact = false,
    currencyDisplay = 'symbol',
  }: FormatMoneyOptions = {},
): string {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    signDisplay,
    currencyDisplay,
    ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
  }).format(minorToMajor(amountMinor, currency));
}

/** Parses money typed in `locale` into integer minor units, or null: "1.234,5" (de-DE, EUR) → 123450. */
export function parseMoney(text: string, currency: string, locale?: string): number | null {
  const value = parseLocaleNumber(text, locale);
  return value === null ? null : majorToMinor(value, currency);
}
