/** A calendar date range, both ends inclusive, as `YYYY-MM-DD`. */
export interface DateRange {
  start: string;
  end: string;
}

/** A named range offered as a shortcut. */
export interface DateRangePreset {
  id: string;
  label: string;
  range: DateRange;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function parse(date: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function format(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Adds whole days to a `YYYY-MM-DD` date (negative to subtract); no time zone involved. */
export function addDays(date: string, days: number): string {
  return format(parse(date) + days * DAY_MS);
}

/** Number of days in a range, both ends included. */
export function rangeLength({ start, end }: DateRange): number {
  return Math.round((parse(end) - parse(start)) / DAY_MS) + 1;
}

/**
 * The usual presets ending today. Pass "today" in the partner's time zone
 * (`toCalendarDate(new Date(), partner.timeZone)`), so presets match the server's day buckets.
 */
export function defaultDatePresets(today: string): DateRangePreset[] {
  const [year] = today.split('-');
  return [
    { id: 'last-7-days', label: 'Last 7 days', range: { start: addDays(today, -6), end: today } },
    {
      id: 'last-30-days',
      label: 'Last 30 days',
      range: { start: addDays(today, -29), end: today },
    },
    {
      id: 'last-90-days',
      label: 'Last 90 days',
      range: { start: addDays(today, -89), end: today },
    },
    { id: 'year-to-date', label: 'Year to date', range: { start: `${year}-01-01`, end: today } },
    {
      id: 'last-12-months',
      label: 'Last 12 months',
      range: { start: addDays(today, -364), end: today },
    },
  ];
}
