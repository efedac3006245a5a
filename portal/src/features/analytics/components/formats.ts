import { formatMoney } from '@partner-portal/ui-kit';

import { DISPLAY_LOCALE, formatCount, once } from '@/lib/format';

import type { Granularity, SeriesUnit } from '../api/get-analytics';

/**
 * Each formatter made on its first use (`once`), not when the route's module loads: the four date formatters
 * made at once lengthened one task of the analytics page's load (what that cost: docs/performance.md,
 * Lighthouse), and a period by week or by month needs only two of them.
 */
const inUtc = (options: Intl.DateTimeFormatOptions) =>
  once(() => new Intl.DateTimeFormat(DISPLAY_LOCALE, { ...options, timeZone: 'UTC' }));

const dayShort = inUtc({ month: 'short', day: 'numeric' });
const dayLong = inUtc({ dateStyle: 'medium' });
const monthShort = inUtc({ month: 'short', year: 'numeric' });
const monthLong = inUtc({ month: 'long', year: 'numeric' });

const dayOf = (bucket: string | number) => new Date(`${String(bucket)}T00:00:00Z`);

/**
 * A bucket's first day (`YYYY-MM-DD`, the partner's calendar) as its axis tick ("Nov 23",
 * "Nov 2026") or in full in a table ("Week of Nov 23, 2026"): read and shown in UTC, so no time
 * zone moves it to another day.
 */
export function formatBucket(
  bucket: string | number,
  granularity: Granularity,
  style: 'axis' | 'full',
): string {
  const day = dayOf(bucket);
  if (Number.isNaN(day.getTime())) return String(bucket);
  if (granularity === 'month') return (style === 'axis' ? monthShort : monthLong)().format(day);
  if (style === 'axis') return dayShort().format(day);
  return granularity === 'week' ? `Week of ${dayLong().format(day)}` : dayLong().format(day);
}

const percentFull = once(
  () => new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent', maximumFractionDigits: 1 }),
);
const percentAxis = once(() => new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'percent' }));
const decimal = once(() => new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 1 }));
const compact = once(
  () => new Intl.NumberFormat(DISPLAY_LOCALE, { notation: 'compact', maximumFractionDigits: 1 }),
);

/**
 * A value of a series in its unit: money (minor units) in the partner's currency, a ratio as a
 * percentage, days with one decimal, counts and units as whole numbers. `axis` is the short form
 * of a chart's ticks ("€12.3K"); `full` is the table's and the tooltip's.
 */
export function formatSeriesValue(
  value: number,
  unit: SeriesUnit,
  currency: string,
  style: 'axis' | 'full',
): string {
  switch (unit) {
    case 'money':
      return formatMoney(value, currency, { locale: DISPLAY_LOCALE, compact: style === 'axis' });
    case 'ratio':
      return (style === 'axis' ? percentAxis : percentFull)().format(value);
    case 'days':
      return style === 'axis'
        ? decimal().format(value)
        : `${decimal().format(value)} ${value === 1 ? 'day' : 'days'}`;
    case 'count':
    case 'units':
      return style === 'axis' && Math.abs(value) >= 10_000
        ? compact().format(value)
        : formatCount(value);
  }
}
