import { formatMoney } from '@partner-portal/ui-kit';

/**
 * The portal's words are English, and so are its figures, so that a sentence reads as one:
 * "About 1,204 items", "€1,234.56". Money keeps the partner's currency (docs/product.md §4).
 */
export const DISPLAY_LOCALE = 'en';

const counts = new Intl.NumberFormat(DISPLAY_LOCALE);
const signedCounts = new Intl.NumberFormat(DISPLAY_LOCALE, { signDisplay: 'exceptZero' });

/** "1,204". */
export const formatCount = (value: number): string => counts.format(value);

/** "+12", "−3", "0": a change, such as a movement's quantity. */
export const formatSignedCount = (value: number): string =>
  signedCounts.format(value).replace('-', '−');

/** An amount as the API sends it: integer minor units and an ISO 4217 currency. */
export interface MoneyAmount {
  amount: number;
  currency: string;
}

/** "€1,234.56": minor units in their currency. */
export const formatAmount = ({ amount, currency }: MoneyAmount): string =>
  formatMoney(amount, currency, { locale: DISPLAY_LOCALE });

const calendarDates = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/**
 * "Mar 1, 2026" for a calendar day as the API writes it (`YYYY-MM-DD`, already the partner's
 * day): read at midnight UTC and shown in UTC, so no time zone moves it to another day.
 */
export const formatCalendarDate = (day: string): string =>
  calendarDates.format(new Date(`${day}T00:00:00Z`));
