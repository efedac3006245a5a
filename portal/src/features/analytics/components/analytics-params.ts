import { addDays, defaultDatePresets, type DateRangePreset } from '@partner-portal/ui-kit';

import type { AnalyticsParams, Granularity } from '../api/get-analytics';

export const granularities: readonly Granularity[] = ['day', 'week', 'month'];

/** The screen's default: the last 90 days, a point a week. */
export const DEFAULT_DAYS = 90;
export const DEFAULT_GRANULARITY: Granularity = 'week';

/** The longest period: `from` no earlier than the same calendar date two years before `to`. */
export const MAX_DAYS = 731;

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

/**
 * The period and granularity of the URL (`?from&to&granularity`, the API's names), each falling
 * back to the default when missing or not valid: the last 90 days ending `today`, by week.
 */
export function readAnalyticsParams(search: URLSearchParams, today: string): AnalyticsParams {
  const granularityParam = search.get('granularity');
  const granularity =
    granularities.find((value) => value === granularityParam) ?? DEFAULT_GRANULARITY;
  const from = search.get('from');
  const to = search.get('to');
  if (isCalendarDate(from) && isCalendarDate(to) && from <= to && from >= twoYearsBefore(to)) {
    return { from, to, granularity };
  }
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today, granularity };
}

/** The presets of the period: last 30 and 90 days, last 12 months, year to date (and custom). */
export function analyticsPresets(today: string): DateRangePreset[] {
  const wanted = ['last-30-days', 'last-90-days', 'last-12-months', 'year-to-date'];
  const presets = defaultDatePresets(today);
  return wanted.flatMap((id) => presets.filter((preset) => preset.id === id));
}
