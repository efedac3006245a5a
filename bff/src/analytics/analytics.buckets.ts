import type { Granularity } from './analytics.series.js';

/**
 * Calendar arithmetic on days as `YYYY-MM-DD` (the partner's days: no time, no zone, so no DST), and
 * the buckets of a range (docs/api.md, Analytics).
 */

const DAY_MS = 86_400_000;

/** A day as the milliseconds of its UTC midnight: read from the text's digits, not parsed as a date. */
function utcMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}

/** The `YYYY-MM-DD` of a UTC midnight (years 1000–9999, the range of a `date` the API accepts). */
function textOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}

/** The same calendar date `years` earlier; 29 February becomes 28 February in a common year. */
export function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year - years, month, 0)).getUTCDate();
  return textOf(Date.UTC(year - years, month - 1, Math.min(date, lastOfMonth)));
}

/** The UTC midnight of the first day of the calendar bucket holding the day at `ms`. */
function bucketMs(ms: number, granularity: Granularity): number {
  if (granularity === 'day') return ms;
  const date = new Date(ms);
  if (granularity === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return ms - ((date.getUTCDay() + 6) % 7) * DAY_MS; // back to Monday (getUTCDay: 0 = Sunday)
}

/** The UTC midnight of the first day of the bucket after the one that begins at `ms`. */
function nextBucketMs(ms: number, granularity: Granularity): number {
  if (granularity === 'day') return ms + DAY_MS;
  if (granularity === 'week') return ms + 7 * DAY_MS;
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The first day of the calendar bucket holding `day`: itself, its ISO week's Monday, its month's 1st. */
export function bucketOf(day: string, granularity: Granularity): string {
  return granularity === 'day' ? day : textOf(bucketMs(utcMs(day), granularity));
}

/** The first day of the bucket after the one that begins on `bucket`. */
export function nextBucket(bucket: string, granularity: Granularity): string {
  return textOf(nextBucketMs(utcMs(bucket), granularity));
}

/** A bucket of a range: its label (the calendar bucket's first day) and the range's days in it. */
export interface Bucket {
  bucket: string;
  first: string;
  last: string;
}

/**
 * The buckets of [from, to] in order, each cut to the range: counted in milliseconds, each day's text
 * written once (a 2-year daily range is 731 buckets on every analytics request).
 */
export function bucketsOf(from: string, to: string, granularity: Granularity): Bucket[] {
  const buckets: Bucket[] = [];
  const fromMs = utcMs(from);
  const toMs = utcMs(to);
  for (let ms = bucketMs(fromMs, granularity); ms <= toMs;) {
    const next = nextBucketMs(ms, granularity);
    const bucket = textOf(ms);
    const lastMs = next - DAY_MS;
    buckets.push({
      bucket,
      first: ms < fromMs ? from : bucket,
      last: lastMs >= toMs ? to : granularity === 'day' ? bucket : textOf(lastMs),
    });
    ms = next;
  }
  return buckets;
}
