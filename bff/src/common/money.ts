/**
 * Money is an integer of minor units plus the partner's ISO 4217 currency (docs/product.md §4); these
 * turn it into text for people and spreadsheets.
 */

const digitsByCurrency = new Map<string, number>();

/** How many minor-unit digits a currency has (EUR 2, JPY 0, BHD 3), from the runtime's ICU data. */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * An amount of minor units as a plain decimal of major units, exactly (no float, no grouping, `.` as
 * the separator): 123456 EUR → `1234.56`, 5 JPY → `5`, -7 EUR → `-0.07`.
 */
export function majorUnits(minor: bigint | number, currency: string): string {
  const amount = BigInt(minor);
  const digits = minorUnitDigits(currency);
  const negative = amount < 0n;
  const text = (negative ? -amount : amount).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
