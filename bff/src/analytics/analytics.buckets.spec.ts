import { addDays } from '../common/partner-day.js';
import { bucketOf, bucketsOf, nextBucket, yearsBefore } from './analytics.buckets.js';

describe('the analytics buckets', () => {
  it('label a day by its ISO week’s Monday and its month’s 1st', () => {
    expect(bucketOf('2026-11-25', 'day')).toBe('2026-11-25');
    expect(bucketOf('2026-11-25', 'week')).toBe('2026-11-23'); // a Wednesday
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(bucketOf('2027-01-01', 'week')).toBe('2026-12-28'); // ISO week 53 of 2026
    expect(bucketOf('2026-02-28', 'month')).toBe('2026-02-01');
    expect(nextBucket('2026-12-01', 'month')).toBe('2027-01-01');
    expect(nextBucket('2026-12-28', 'week')).toBe('2027-01-04');
  });

  it('cut the first and last bucket to the range, labelled by their calendar start', () => {
    expect(bucketsOf('2026-11-25', '2026-12-02', 'week')).toEqual([
      { bucket: '2026-11-23', first: '2026-11-25', last: '2026-11-29' },
      { bucket: '2026-11-30', first: '2026-11-30', last: '2026-12-02' },
    ]);
    expect(bucketsOf('2024-01-31', '2024-03-01', 'month')).toEqual([
      { bucket: '2024-01-01', first: '2024-01-31', last: '2024-01-31' },
      { bucket: '2024-02-01', first: '2024-02-01', last: '2024-02-29' },
      { bucket: '2024-03-01', first: '2024-03-01', last: '2024-03-01' },
    ]);
    expect(bucketsOf('2026-03-28', '2026-03-30', 'day').map((b) => b.bucket)).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
    expect(bucketsOf('2024-11-25', '2026-11-25', 'day')).toHaveLength(731);
  });

  it('count two years back by the calendar', () => {
    expect(yearsBefore('2026-11-25', 2)).toBe('2024-11-25');
    expect(yearsBefore('2026-02-28', 2)).toBe('2024-02-28');
    expect(yearsBefore('2028-02-29', 2)).toBe('2026-02-28');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
