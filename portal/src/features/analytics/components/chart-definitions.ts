import type { SeriesKey } from '../api/get-analytics';

/** One chart of the screen: its series (in the API's order), how it is drawn, its heading. */
export interface ChartDefinition {
  id: string;
  title: string;
  /** Bars for flows counted per bucket, lines for levels and rates. */
  kind: 'bar' | 'line';
  stacked?: boolean;
  series: readonly SeriesKey[];
}

/** The charts of docs/product.md §3, in the screen's order. */
export const chartDefinitions: readonly ChartDefinition[] = [
  {
    id: 'claims-filed',
    title: 'Claims filed by type',
    kind: 'bar',
    stacked: true,
    series: [
      'claims_filed_lost',
      'claims_filed_damaged',
      'claims_filed_shortage',
      'claims_filed_other',
    ],
  },
  {
    id: 'amounts',
    title: 'Amounts claimed, approved and paid',
    kind: 'line',
    series: ['amount_claimed', 'amount_approved', 'amount_paid'],
  },
  { id: 'approval-rate', title: 'Approval rate', kind: 'line', series: ['approval_rate'] },
  {
    id: 'days-to-decision',
    title: 'Median days to decision',
    kind: 'bar',
    series: ['median_days_to_decision'],
  },
  { id: 'units-on-hand', title: 'Units on hand', kind: 'line', series: ['units_on_hand'] },
  { id: 'value-on-hand', title: 'Value on hand', kind: 'line', series: ['value_on_hand'] },
  {
    id: 'units-lost',
    title: 'Units lost and damaged',
    kind: 'bar',
    stacked: true,
    series: ['units_lost', 'units_damaged'],
  },
  {
    id: 'value-lost',
    title: 'Value lost and damaged',
    kind: 'bar',
    stacked: true,
    series: ['value_lost', 'value_damaged'],
  },
];
