import type { Granularity } from './analytics.series.js';

/**
 * Calendar arithmetic on days as `YYYY-MM-DD` (the partner's days: no time, no zone, so no DST), and
 * the buckets of a range (docs/api.md, Analytics).
 */

const DAY_MS = 86_400_000;

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function text(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return text(new Date(utc(day).getTime() + days * DAY_MS));
}

/** The same calendar date `years` earlier; 29 February becomes 28 February in a common year. */
export function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year - years, month, 0)).getUTCDate();
  return text(new Date(Date.UTC(year - years, month - 1, Math.min(date, lastOfMonth))));
}

/** The first day of the calendar bucket holding `day`: itself, its ISO week's Monday, its month's 1st. */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 8)}01`;
  const weekday = utc(day).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the bucket after the one that begins on `bucket`. */
export function nextBucket(bucket: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(bucket, 1);
  if (granularity === 'week') return addDays(bucket, 7);
  const date = utc(bucket);
  return text(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
}

/** A bucket of a range: its label (the calendar bucket's first day) and the range's days in it. */
export interface Bucket {
  bucket: string;
  first: string;
  last: string;
}

/** The buckets of [from, to] in order, each cut to the range. */
export function bucketsOf(from: string, to: string, granularity: Granularity): Bucket[] {
  const buckets: Bucket[] = [];
  for (let bucket = bucketOf(from, granularity); bucket <= to;) {
    const next = nextBucket(bucket, granularity);
    buckets.push({
      bucket,
      first: bucket < from ? from : bucket,
      last: addDays(next, -1) > to ? to : addDays(next, -1),
    });
    bucket = next;
  }
  return buckets;
}
