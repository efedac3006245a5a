import { formatMoment, formatTimeZone, partnerDay } from './format';

const BrowserDateTimeFormat = Intl.DateTimeFormat;

describe('the one time rule', () => {
  // This "browser" is in Los Angeles: a formatter that names no zone gets the browser's. What the
  // portal shows must still be the partner's time, never the browser's.
  beforeEach(() => {
    jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(
      (locales, options) =>
        new BrowserDateTimeFormat(locales, {
          ...options,
          timeZone: options?.timeZone ?? 'America/Los_Angeles',
        }),
    );
  });

  it('runs in a browser zone other than the partner’s', () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles');
  });

  it('shows a moment in the partner’s zone, whatever the browser’s', () => {
    const moment = '2026-03-03T23:30:00Z';
    expect(formatMoment(moment, 'Europe/Berlin')).toBe('Mar 4, 2026, 12:30 AM');
    expect(formatMoment(moment, 'Europe/Berlin', 'date')).toBe('Mar 4, 2026');
    expect(formatMoment(moment, 'Europe/Berlin', 'time')).toBe('12:30 AM');
    // The browser's own reading, which must not appear.
    expect(formatMoment(moment, 'America/Los_Angeles')).toBe('Mar 3, 2026, 3:30 PM');
    expect(partnerDay(moment, 'Europe/Berlin')).toBe('2026-03-04');
    expect(partnerDay(moment, 'America/Los_Angeles')).toBe('2026-03-03');
  });

  it('follows the partner’s daylight saving time, not the browser’s', () => {
    // Berlin moves to summer time at 01:00 UTC on 29 March 2026; Los Angeles moved on 8 March.
    expect(formatMoment('2026-03-29T00:59:00Z', 'Europe/Berlin')).toBe('Mar 29, 2026, 1:59 AM');
    expect(formatMoment('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe('Mar 29, 2026, 3:00 AM');
    // And back at 01:00 UTC on 25 October: 2:30 AM happens twice, an hour apart.
    expect(formatMoment('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('Oct 25, 2026, 2:30 AM');
    expect(formatMoment('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('Oct 25, 2026, 2:30 AM');
    // Midnight of the partner's day, when the browser is still on the day before.
    expect(partnerDay('2026-03-28T23:30:00Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(partnerDay('2026-03-29T22:30:00Z', 'Europe/Berlin')).toBe('2026-03-30');
  });

  it('names the zone with its offset at that moment', () => {
    expect(formatTimeZone('Europe/Berlin', '2026-01-15T12:00:00Z')).toBe('Europe/Berlin (GMT+1)');
    expect(formatTimeZone('Europe/Berlin', '2026-07-15T12:00:00Z')).toBe('Europe/Berlin (GMT+2)');
    expect(formatTimeZone('UTC', '2026-07-15T12:00:00Z')).toBe('UTC');
  });
});
