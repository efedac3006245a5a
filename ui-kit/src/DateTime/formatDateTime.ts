import { dateTimeFormat, relativeTimeFormat } from '../internal/intl';

export type DateTimeFormat = 'date' | 'datetime' | 'time' | 'month' | 'relative';

export interface FormatDateTimeOptions {
  /** IANA time zone to show the moment in, e.g. the partner's "Europe/Amsterdam". Defaults to the browser's. */
  timeZone?: string;
  /** BCP 47 locale; defaults to the browser's. */
  locale?: string;
  /** `date` 3 Mar 2026, `datetime` 3 Mar 2026, 14:05, `time` 14:05, `month` March 2026, `relative` 3 days ago. */
  format?: DateTimeFormat;
  /** Reference moment for `relative` (tests, server-rendered pages). */
  now?: Date;
}

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const absoluteFormats: Record<Exclude<DateTimeFormat, 'relative'>, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  month: { month: 'long', year: 'numeric' },
};

const relativeUnits: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago", "in 2 hours": the largest unit that fits. */
export function formatRelativeTime(
  value: DateInput,
  { locale, now = new Date() }: FormatDateTimeOptions = {},
) {
  const seconds = (toDate(value).getTime() - now.getTime()) / 1000;
  const formatter = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return formatter.format(Math.round(seconds / size), unit);
    }
  }
  return formatter.format(0, 'second');
}

/**
 * Formats a moment (an ISO string from the API, a Date or epoch ms) in a time zone: the partner's,
 * so every member sees the same calendar day whatever their own zone.
 */
export function formatDateTime(value: DateInput, options: FormatDateTimeOptions = {}): string {
  const { timeZone, locale, format = 'date' } = options;
  if (format === 'relative') return formatRelativeTime(value, options);
  return dateTimeFormat(locale, { ...absoluteFormats[format], timeZone }).format(toDate(value));
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone: for bucketing and date inputs. */
export function toCalendarDate(value: DateInput, timeZone?: string): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(toDate(value));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
