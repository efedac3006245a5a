import { formatMoney } from '@partner-portal/ui-kit';

/**
 * The portal's words are English, and so are its figures, so that a sentence reads as one:
 * "About 1,204 items", "€1,234.56". Money keeps the partner's currency (docs/product.md §4).
 */
export const DISPLAY_LOCALE = 'en';

/**
 * Each formatter made on first use (or by `prepareFormats`), not when the module loads: the first
 * Intl object of a page costs the browser some 15 ms or more (its locale data), which would lengthen
 * the one long task that evaluates every script of the page (docs/performance.md, Lighthouse).
 */
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const counts = once(() => new Intl.NumberFormat(DISPLAY_LOCALE));
const signedCounts = once(
  () => new Intl.NumberFormat(DISPLAY_LOCALE, { signDisplay: 'exceptZero' }),
);

/** "1,204". */
export const formatCount = (value: number): string => counts().format(value);

/** "+12", "−3", "0": a change, such as a movement's quantity. */
export const formatSignedCount = (value: number): string =>
  signedCounts().format(value).replace('-', '−');

/** An amount as the API sends it: integer minor units and an ISO 4217 currency. */
export interface MoneyAmount {
  amount: number;
  currency: string;
}

/** "€1,234.56": minor units in their currency. */
export const formatAmount = ({ amount, currency }: MoneyAmount): string =>
  formatMoney(amount, currency, { locale: DISPLAY_LOCALE });

const calendarDates = once(
  () => new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }),
);

/**
 * "Mar 1, 2026" for a calendar day as the API writes it (`YYYY-MM-DD`, already the partner's
 * day): read at midnight UTC and shown in UTC, so no time zone moves it to another day.
 */
export const formatCalendarDate = (day: string): string =>
  calendarDates().format(new Date(`${day}T00:00:00Z`));

/**
 * Makes the portal's formatters, and so loads the browser's locale data, when the page has nothing
 * else to do (it waits for its data), rather than in the middle of the first render that shows a
 * figure. Without `requestIdleCallback` the first use makes them.
 */
export function prepareFormats(): void {
  globalThis.requestIdleCallback?.(() => {
    counts();
    calendarDates();
  });
}
