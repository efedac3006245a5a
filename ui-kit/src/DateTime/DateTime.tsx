import type { ComponentPropsWithRef } from 'react';
import { formatDateTime, toDate, type DateInput, type DateTimeFormat } from './formatDateTime';

export interface DateTimeProps extends Omit<
  ComponentPropsWithRef<'time'>,
  'children' | 'dateTime'
> {
  /** The moment: an ISO 8601 string from the API, a Date, or epoch milliseconds. */
  value: DateInput;
  /** How to show it. `relative` shows "3 days ago" with the exact time in the tooltip. */
  format?: DateTimeFormat;
  /** IANA time zone to show it in (the partner's); defaults to the browser's. */
  timeZone?: string;
  /** BCP 47 locale; defaults to the browser's. */
  locale?: string;
  /** Reference moment for `relative`. */
  now?: Date;
}

/** A `<time>` element with a machine-readable value and a human, time-zone-aware label. */
export function DateTime({
  value,
  format = 'date',
  timeZone,
  locale,
  now,
  title,
  ...rest
}: DateTimeProps) {
  const date = toDate(value);
  const exact = formatDateTime(date, { format: 'datetime', timeZone, locale });
  const zoneSuffix = timeZone ? ` (${timeZone})` : '';
  return (
    <time
      dateTime={date.toISOString()}
      title={title ?? (format === 'datetime' ? undefined : `${exact}${zoneSuffix}`)}
      {...rest}
    >
      {formatDateTime(date, { format, timeZone, locale, now })}
    </time>
  );
}
