import { useState, type ComponentPropsWithRef } from 'react';

import { formatMoment, formatTimeZone, partnerDay, type MomentFormat } from '@/lib/format';
import { usePartner } from '@/lib/partner';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import styles from './partner-time.module.css';

/**
 * The zone of the partner screen's times (docs/product.md, Times). The partner route's loader has
 * the partner in the cache before any screen renders; until then (never, in practice) the times read
 * in UTC, and say so, rather than in the browser's zone.
 */
export function usePartnerTimeZone(): string {
  return useTimeZoneOf(usePartnerSlug());
}

/** The time zone of a partner named by its slug (see `usePartnerTimeZone`). */
export function useTimeZoneOf(partnerSlug: string): string {
  return usePartner(partnerSlug).data?.timeZone ?? 'UTC';
}

/** The partner's today (`YYYY-MM-DD`), not the browser's: filing windows and date presets count from it. */
export function usePartnerToday(partnerSlug: string): string {
  // The moment the screen opened: a form's window does not move under the person typing.
  const [openedAt] = useState(Date.now);
  return partnerDay(openedAt, useTimeZoneOf(partnerSlug));
}

export interface PartnerDateTimeProps extends Omit<
  ComponentPropsWithRef<'time'>,
  'children' | 'dateTime'
> {
  /** The moment: an ISO 8601 string from the API, a Date, or epoch milliseconds. */
  value: Date | string | number;
  /** `datetime` by default. */
  format?: MomentFormat;
}

/**
 * A moment on a partner screen, in the partner's time zone: a `<time>` with the exact moment and
 * its zone as its title ("Mar 3, 2026, 2:05 PM, Europe/Berlin (GMT+1)").
 */
export function PartnerDateTime({
  value,
  format = 'datetime',
  title,
  ...rest
}: PartnerDateTimeProps) {
  const timeZone = usePartnerTimeZone();
  const date = new Date(value);
  return (
    <time
      dateTime={date.toISOString()}
      title={title ?? `${formatMoment(date, timeZone)}, ${formatTimeZone(timeZone, date)}`}
      {...rest}
    >
      {formatMoment(date, timeZone, format)}
    </time>
  );
}

/** "Times in Europe/Berlin (GMT+1)": said once on a screen whose times could be read otherwise. */
export function TimeZoneNote() {
  const timeZone = usePartnerTimeZone();
  return <p className={styles.note}>Times in {formatTimeZone(timeZone)}</p>;
}
