import { formatDateTime, formatMoney, toCalendarDate } from '@partner-portal/ui-kit';

/**
 * The portal's words are English, and so are its figures, so that a sentence reads as one:
 * "About 1,204 items", "€1,234.56". Money keeps the partner's currency (docs/product.md §4).
 */
export const DISPLAY_LOCALE = 'en';

/**
 * Each formatter made on first use (or by `prepareFormats`), not when the module loads: the first
 * Intl object of a page costs the browser its locale data, which would lengthen the one long task
 * that evaluates every script of the page (what that costs: docs/performance.md, Lighthouse).
 */
export const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const counts = once(() => new Intl.NumberFormat(DISPLAY_LOCALE));
const signedCounts = once(
  () => new Intl.NumberFormat(DISPLAY_LOCALE, { signDisplay: 'exceptZero' }),
);

/** "1,204". */
export const formatCount = (value: number): string => counts().format(value);

const decimals = once(() => new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 1 }));

/** "10.9", "3.5", "4": a figure such as a median of days, to one decimal at most. */
export const formatDecimal = (value: number): string => decimals().format(value);

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

/** How a moment reads: `date` "Mar 3, 2026", `datetime` "Mar 3, 2026, 2:05 PM", `time` "2:05 PM". */
export type MomentFormat = 'date' | 'datetime' | 'time';

/**
 * The one time rule (docs/product.md, Times): every moment the portal shows (an ISO string from the
 * API, a Date or epoch milliseconds) is formatted here, in the partner's time zone, which the caller
 * must name: the browser's zone is never used for partner data, so every member, wherever they are,
 * reads the same time and the same day as the partner's reports and the API's day buckets.
 * `PartnerDateTime` (lib/partner-time.tsx) is how a screen uses it.
 */
export const formatMoment = (
  value: Date | string | number,
  timeZone: string,
  format: MomentFormat = 'datetime',
): string => formatDateTime(value, { timeZone, format, locale: DISPLAY_LOCALE });

/** The calendar day (`YYYY-MM-DD`) of a moment in the partner's time zone: "today" is the partner's. */
export const partnerDay = (value: Date | string | number, timeZone: string): string =>
  toCalendarDate(value, timeZone);

/** One formatter a zone: each costs a fraction of a millisecond to build, and a list has many times. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone as a time reads beside it: "Europe/Berlin (GMT+1)" in winter, "(GMT+2)" in summer; the
 * offset is the one at `at` (now by default).
 */
export function formatTimeZone(timeZone: string, at: Date | string | number = Date.now()): string {
  let zoneNames = zoneNameFormats.get(timeZone);
  if (zoneNames === undefined) {
    zoneNames = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone, timeZoneName: 'short' });
    zoneNameFormats.set(timeZone, zoneNames);
  }
  const offset = zoneNames
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset === undefined || offset === timeZone ? timeZone : `${timeZone} (${offset})`;
}

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
