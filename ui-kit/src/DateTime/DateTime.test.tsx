import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './DateTime.stories';
import { DateTime } from './DateTime';
import { formatDateTime, formatRelativeTime, toCalendarDate } from './formatDateTime';

const moment = '2026-03-03T23:30:00Z';

describe('DateTime', () => {
  itRendersEveryStoryAccessibly(stories);

  it('shows the calendar day of the given time zone', () => {
    expect(formatDateTime(moment, { locale: 'en-GB', timeZone: 'UTC' })).toBe('3 Mar 2026');
    expect(formatDateTime(moment, { locale: 'en-GB', timeZone: 'Europe/Amsterdam' })).toBe(
      '4 Mar 2026',
    );
    expect(toCalendarDate(moment, 'America/New_York')).toBe('2026-03-03');
    expect(toCalendarDate(moment, 'Asia/Tokyo')).toBe('2026-03-04');
  });

  it('formats date and time, and months', () => {
    expect(
      formatDateTime(moment, { locale: 'en-GB', timeZone: 'Asia/Tokyo', format: 'datetime' }),
    ).toBe('4 Mar 2026, 08:30');
    expect(formatDateTime(moment, { locale: 'en-US', timeZone: 'UTC', format: 'month' })).toBe(
      'March 2026',
    );
  });

  it('formats relative times with the largest fitting unit', () => {
    const now = new Date('2026-03-06T23:30:00Z');
    expect(formatRelativeTime(moment, { locale: 'en', now })).toBe('3 days ago');
    expect(formatRelativeTime('2026-03-07T01:30:00Z', { locale: 'en', now })).toBe('in 2 hours');
    expect(formatRelativeTime('2026-03-05T23:30:00Z', { locale: 'en', now })).toBe('yesterday');
  });

  it('renders a time element with a machine-readable value and the exact moment as title', () => {
    render(
      <DateTime
        value={moment}
        format="relative"
        locale="en-GB"
        timeZone="UTC"
        now={new Date('2026-03-04T23:30:00Z')}
      />,
    );
    const time = screen.getByText('yesterday');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-03T23:30:00.000Z');
    expect(time).toHaveAttribute('title', '3 Mar 2026, 23:30 (UTC)');
  });
});
