import { addDays, defaultDatePresets, type DateRangePreset } from '@partner-portal/ui-kit';

import type { AnalyticsParams, Granularity } from '../api/get-analytics';

export const granularities: readonly Granularity[] = ['day', 'week', 'month'];

/** The screen's default: the last 90 days, a point a week. */
export const DEFAULT_DAYS = 90;
export const DEFAULT_GRANULARITY: Granularity = 'week';

/** The longest period: `from` no earlier than the same calendar date two years before `to`. */
export const MAX_DAYS = 731;

/**
 * The longest period shown by day: 12 months (366 days, a leap year's). Beyond it a chart by day
 * has more points than its width has room to tell apart (docs/decisions.md): such a period is shown
 * by week, and says so.
 */
export const MAX_DAYS_BY_DAY = 366;

/** How many days a period counts, both ends included. */
export function daysIn(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(value: string | null): value is string {
  if (value === null || !DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The same calendar date two years earlier (29 February falls on 1 March). */
export function twoYearsBefore(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year - 2, month - 1, date)).toISOString().slice(0, 10);
}

/** What the screen shows of the URL's period and granularity, and why, where it differs. */
export interface AnalyticsView {
  params: AnalyticsParams;
  /**
   * `clamped`: the URL's period is longer than two years; its last two years are shown.
   * `invalid`: the URL's period is no period; the default one is shown.
   * `by-week`: "day" was asked for a period longer than 12 months; it is shown by week.
   */
  adjusted: Array<'clamped' | 'invalid' | 'by-week'>;
}

/**
 * The period and granularity of the URL (`?from&to&granularity`, the API's names): missing, the
 * default (the last 90 days ending `today`, by week); never changed silently: a period longer than
 * two years is cut to its last two years, one that is not valid replaced by the default, "day" over
 * more than 12 months shown by week, each listed in `adjusted` for the screen to say.
 */
export function readAnalyticsView(search: URLSearchParams, today: string): AnalyticsView {
  const adjusted: AnalyticsView['adjusted'] = [];
  const granularityParam = search.get('granularity');
  let granularity =
    granularities.find((value) => value === granularityParam) ?? DEFAULT_GRANULARITY;
  let from = search.get('from');
  let to = search.get('to');
  if (!(isCalendarDate(from) && isCalendarDate(to) && from <= to)) {
    if (from !== null || to !== null) adjusted.push('invalid');
    from = addDays(today, -(DEFAULT_DAYS - 1));
    to = today;
  } else if (from < twoYearsBefore(to)) {
    adjusted.push('clamped');
    from = twoYearsBefore(to);
  }
  if (granularity === 'day' && daysIn(from, to) > MAX_DAYS_BY_DAY) {
    adjusted.push('by-week');
    granularity = 'week';
  }
  return { params: { from, to, granularity }, adjusted };
}

/** The period and granularity the screen shows for the URL (see `readAnalyticsView`). */
export function readAnalyticsParams(search: URLSearchParams, today: string): AnalyticsParams {
  return readAnalyticsView(search, today).params;
}

/** The presets of the period: last 30 and 90 days, last 12 months, year to date (and custom). */
export function analyticsPresets(today: string): DateRangePreset[] {
  const wanted = ['last-30-days', 'last-90-days', 'last-12-months', 'year-to-date'];
  const presets = defaultDatePresets(today);
  return wanted.flatMap((id) => presets.filter((preset) => preset.id === id));
}
