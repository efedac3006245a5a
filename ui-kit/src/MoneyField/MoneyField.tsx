import { majorToMinor, minorToMajor } from '../Money/formatMoney';
import { currencyFractionDigits } from '../internal/number';
import { NumberField, type NumberFieldProps } from '../NumberField/NumberField';

export interface MoneyFieldProps extends Omit<
  NumberFieldProps,
  'value' | 'defaultValue' | 'onValueChange' | 'formatOptions' | 'prefix' | 'min' | 'max' | 'step'
> {
  /** ISO 4217 currency of the amount (the partner's). */
  currency: string;
  /** The amount in integer minor units (controlled); null when empty. */
  value?: number | null;
  /** The initial amount in minor units (uncontrolled). */
  defaultValue?: number | null;
  /** Called with the amount in integer minor units (or null) when committed. */
  onValueChange?: (amountMinor: number | null) => void;
  /** Smallest amount, in minor units (default 0: claims are never negative). */
  min?: number;
  /** Largest amount, in minor units. */
  max?: number;
}

function currencySymbol(currency: string, locale: string | undefined): string {
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/**
 * An amount-of-money input: shows the currency, accepts the locale's separators, and speaks integer
 * minor units to the app (what the API stores), so no floating-point amount ever leaves it.
 */
export function MoneyField({
  currency,
  value,
  defaultValue = null,
  onValueChange,
  min = 0,
  max,
  locale,
  ...rest
}: MoneyFieldProps) {
  const digits = currencyFractionDigits(currency);
  const toMajor = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? minor : minorToMajor(minor, currency);
  return (
    <NumberField
      {...rest}
      locale={locale}
      prefix={currencySymbol(currency, locale)}
      value={toMajor(value)}
      defaultValue={toMajor(defaultValue) ?? null}
      min={minorToMajor(min, currency)}
      max={max === undefined ? undefined : minorToMajor(max, currency)}
      step={1}
      formatOptions={{ minimumFractionDigits: digits, maximumFractionDigits: digits }}
      onValueChange={(major) =>
        onValueChange?.(major === null ? null : majorToMinor(major, currency))
      }
    />
  );
}
