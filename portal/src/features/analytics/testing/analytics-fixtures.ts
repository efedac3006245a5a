import type { Analytics, AnalyticsSeries, SeriesKey } from '../api/get-analytics';
import type { AnalyticsTopItems } from '../api/get-top-items';

/**
 * Analytics shaped like the API's answers (docs/api.md, Analytics): three weekly buckets, and the
 * top items of the same days (their own request).
 */

const buckets = ['2026-11-09', '2026-11-16', '2026-11-23'];

const series = (
  key: SeriesKey,
  label: string,
  unit: AnalyticsSeries['unit'],
  values: Array<number | null>,
): AnalyticsSeries => ({
  key,
  label,
  unit,
  points: buckets.map((bucket, index) => ({ bucket, value: values[index] ?? null })),
});

export const analytics: Analytics = {
  from: '2026-11-09',
  to: '2026-11-25',
  granularity: 'week',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  series: [
    series('claims_filed_lost', 'Lost', 'count', [2, 0, 1]),
    series('claims_filed_damaged', 'Damaged', 'count', [3, 1, 0]),
    series('claims_filed_shortage', 'Shortage', 'count', [0, 0, 0]),
    series('claims_filed_other', 'Other', 'count', [1, 0, 0]),
    series('amount_claimed', 'Claimed', 'money', [125_050, 8_000, 2_500]),
    series('amount_approved', 'Approved', 'money', [100_000, 0, 0]),
    series('amount_paid', 'Paid', 'money', [0, 90_000, 0]),
    series('approval_rate', 'Approval rate', 'ratio', [0.75, null, 1]),
    series('median_days_to_decision', 'Median days to decision', 'days', [4.5, null, 2]),
    series('units_on_hand', 'Units on hand', 'units', [5400, 5380, 5391]),
    series('value_on_hand', 'Value on hand', 'money', [9_000_000, 8_990_000, 8_995_000]),
    series('units_lost', 'Units lost', 'units', [3, 0, 1]),
    series('units_damaged', 'Units damaged', 'units', [2, 2, 0]),
    series('value_lost', 'Value lost', 'money', [9_000, 0, 2_500]),
    series('value_damaged', 'Value damaged', 'money', [4_000, 4_000, 0]),
  ],
};

export const topItems: AnalyticsTopItems = {
  from: '2026-11-09',
  to: '2026-11-25',
  timeZone: 'Europe/Berlin',
  items: [
    {
      item: {
        id: '10000000-0000-4000-8000-000000000001',
        sku: 'ACM-TNT-00001',
        name: 'Trailhead tent',
      },
      claims: 3,
      amountClaimed: { amount: 120_000, currency: 'EUR' },
    },
  ],
};

export const blankAnalytics: Analytics = {
  ...analytics,
  series: analytics.series.map((item) => ({
    ...item,
    points: item.points.map((point) => ({ ...point, value: 0 })),
  })),
};

export const noTopItems: AnalyticsTopItems = { ...topItems, items: [] };
