/**
 * The analytics' series, granularities and bounds (docs/api.md, Analytics; the contract of issue #10):
 * one table that the DTOs, the service, the CSV export, the raw reference and the tests read.
 */

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const SERIES_UNITS = ['count', 'money', 'ratio', 'days', 'units'] as const;
export type SeriesUnit = (typeof SERIES_UNITS)[number];

/** Every series, in the order of the answer. */
export const SERIES = [
  { key: 'claims_filed_lost', label: 'Claims filed: lost', unit: 'count' },
  { key: 'claims_filed_damaged', label: 'Claims filed: damaged', unit: 'count' },
  { key: 'claims_filed_shortage', label: 'Claims filed: shortage', unit: 'count' },
  { key: 'claims_filed_other', label: 'Claims filed: other', unit: 'count' },
  { key: 'amount_claimed', label: 'Amount claimed', unit: 'money' },
  { key: 'amount_approved', label: 'Amount approved', unit: 'money' },
  { key: 'amount_paid', label: 'Amount paid', unit: 'money' },
  { key: 'approval_rate', label: 'Approval rate', unit: 'ratio' },
  { key: 'median_days_to_decision', label: 'Median days to decision', unit: 'days' },
  { key: 'units_on_hand', label: 'Units on hand', unit: 'units' },
  { key: 'value_on_hand', label: 'Value on hand', unit: 'money' },
  { key: 'units_lost', label: 'Units lost', unit: 'units' },
  { key: 'units_damaged', label: 'Units damaged', unit: 'units' },
  { key: 'value_lost', label: 'Value lost', unit: 'money' },
  { key: 'value_damaged', label: 'Value damaged', unit: 'money' },
] as const satisfies ReadonlyArray<{ key: string; label: string; unit: SeriesUnit }>;

export type SeriesKey = (typeof SERIES)[number]['key'];
export const SERIES_KEYS: readonly SeriesKey[] = SERIES.map((series) => series.key);

/** What the CSV export can write: one series, or the top items. */
export const CSV_SERIES = [...SERIES_KEYS, 'top_items'] as const;
export type CsvSeries = SeriesKey | 'top_items';

/** The default range: the 90 days up to today (from = to − 89 days). */
export const DEFAULT_RANGE_DAYS = 90;
/** The longest range: `from` no earlier than the same calendar date two years before `to`. */
export const MAX_RANGE_YEARS = 2;
/** How many items `topItems` lists. */
export const TOP_ITEMS = 10;
