import {
  analyticsPresets,
  daysIn,
  isCalendarDate,
  readAnalyticsParams,
  readAnalyticsView,
  twoYearsBefore,
} from './analytics-params';

const read = (search: string) => readAnalyticsParams(new URLSearchParams(search), '2026-11-25');

describe('readAnalyticsParams', () => {
  it('defaults to the last 90 days by week', () => {
    expect(read('')).toEqual({ from: '2026-08-28', to: '2026-11-25', granularity: 'week' });
  });

  it('reads the period and granularity of the URL', () => {
    expect(read('from=2026-01-01&to=2026-03-31&granularity=month')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      granularity: 'month',
    });
  });

  it('allows two years to the calendar date, and cuts a longer period to them, saying so', () => {
    expect(read('from=2024-11-25&to=2026-11-25').from).toBe('2024-11-25');
    const view = (search: string) => readAnalyticsView(new URLSearchParams(search), '2026-11-25');
    expect(view('from=2024-11-25&to=2026-11-25').adjusted).toEqual([]);
    expect(view('from=2024-11-24&to=2026-11-25')).toEqual({
      params: { from: '2024-11-25', to: '2026-11-25', granularity: 'week' },
      adjusted: ['clamped'],
    });
    expect(view('from=2019-01-01&to=2025-06-30&granularity=month')).toEqual({
      params: { from: '2023-06-30', to: '2025-06-30', granularity: 'month' },
      adjusted: ['clamped'],
    });
  });

  it('shows "day" over more than 12 months by week, saying so', () => {
    const view = (search: string) => readAnalyticsView(new URLSearchParams(search), '2026-11-25');
    expect(view('from=2025-11-26&to=2026-11-25&granularity=day')).toEqual({
      params: { from: '2025-11-26', to: '2026-11-25', granularity: 'day' },
      adjusted: [],
    });
    expect(view('from=2025-01-01&to=2026-11-25&granularity=day')).toEqual({
      params: { from: '2025-01-01', to: '2026-11-25', granularity: 'week' },
      adjusted: ['by-week'],
    });
    expect(view('from=2022-01-01&to=2026-11-25&granularity=day').adjusted).toEqual([
      'clamped',
      'by-week',
    ]);
  });

  it('says when the period of the URL is not valid, not when there is none', () => {
    const view = (search: string) => readAnalyticsView(new URLSearchParams(search), '2026-11-25');
    expect(view('').adjusted).toEqual([]);
    expect(view('granularity=month').adjusted).toEqual([]);
    expect(view('from=2026-03-02&to=2026-03-01').adjusted).toEqual(['invalid']);
  });

  it.each([
    'from=2026-02-30&to=2026-03-01',
    'from=2026-03-02&to=2026-03-01',
    'from=yesterday&to=2026-03-01',
    'from=2026-01-01',
  ])('falls back to the default period for %s', (search) => {
    expect(read(search)).toMatchObject({ from: '2026-08-28', to: '2026-11-25' });
  });

  it('falls back to weeks for another granularity', () => {
    expect(read('granularity=hour').granularity).toBe('week');
  });
});

describe('helpers', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });

  it('counts the days of a period, both ends included', () => {
    expect(daysIn('2026-11-25', '2026-11-25')).toBe(1);
    expect(daysIn('2025-11-26', '2026-11-25')).toBe(365);
    expect(daysIn('2024-11-25', '2026-11-25')).toBe(731);
  });

  it('goes back two calendar years', () => {
    expect(twoYearsBefore('2026-11-25')).toBe('2024-11-25');
  });

  it('offers the four presets', () => {
    expect(analyticsPresets('2026-11-25').map((preset) => preset.label)).toEqual([
      'Last 30 days',
      'Last 90 days',
      'Last 12 months',
      'Year to date',
    ]);
  });
});
