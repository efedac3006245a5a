/**
 * A partner's day (docs/product.md §5): the calendar day of an instant in the partner's time zone,
 * `YYYY-MM-DD`, computed one way in TypeScript (`partnerToday`) and one way in SQL (`partnerDaySql`).
 */

/**
 * One formatter per time zone: making an `Intl.DateTimeFormat` costs far more than formatting with
 * one, and every claim answer asks for today (docs/performance.md, "Claims at a million").
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The day of `now` in the partner's time zone, `YYYY-MM-DD` (UTC's for an unknown zone). */
export function partnerToday(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' });
    } catch {
      format = null;
    }
    dayFormats.set(timeZone, format);
  }
  return format === null ? now.toISOString().slice(0, 10) : format.format(now);
}

const twoDigits = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** A day Date.UTC reads as the ISO parser does: a four-digit year, month 1–12, day 1–31. */
const PLAIN_DAY = /^[1-9]\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/**
 * `day` moved by `days` (negative: earlier), as `YYYY-MM-DD`. Read by its digits and written by hand,
 * not through a parsed date string and `toISOString`: a claims page asks for it for every draft.
 */
export function addDays(day: string, days: number): string {
  if (PLAIN_DAY.test(day)) {
    // Date.UTC rolls a day past the month's end over as the ISO parser does (`2024-02-30`: March 1st).
    const date = new Date(
      Date.UTC(
        Number(day.slice(0, 4)),
        Number(day.slice(5, 7)) - 1,
        Number(day.slice(8, 10)) + days,
      ),
    );
    const year = date.getUTCFullYear();
    if (year >= 1000 && year <= 9999) {
      return `${year}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
    }
  }
  // Any other year, and a day that is no day (a RangeError), as before.
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The SQL of an instant's partner day, a `date`: `instant` a timestamptz expression, `timeZone` an
 * expression of the partner's IANA zone (a column or a parameter). A movement's day is this one
 * expression wherever it is read (its claim window on the item page, the claim's statements).
 */
export function partnerDaySql(instant: string, timeZone: string): string {
  return `(${instant} AT TIME ZONE ${timeZone})::date`;
}

/**
 * SQL: the day of the movement `mv` (a table or alias of `inventory_movements`) in its partner's time
 * zone, `YYYY-MM-DD` text. The one expression of a movement's day: the movements page (its
 * `claimDeadline` and `claimWindowOpen`) and the claims' reads and statements select it alike, so the
 * item page and a claim's 422 `filing_window_closed` cannot disagree about a movement near midnight.
 */
export function movementDaySql(mv: string): string {
  return `${partnerDaySql(
    `${mv}.occurred_at`,
    `(SELECT p.time_zone FROM partners p WHERE p.id = ${mv}.partner_id)`,
  )}::text`;
}
