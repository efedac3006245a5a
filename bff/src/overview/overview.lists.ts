import { defineList } from '../common/list/index.js';

/**
 * The needs-attention list (`GET …/overview/needs-attention`, and the first page in the overview): the
 * claims with information requested first (their deadline key is `-infinity`), then drafts and
 * unclaimed losses and damages by filing deadline, then id. One order, no `?sort`. Its rows are the
 * union of two index ranges, each in this order: `claims_attention_idx` and
 * `unclaimed_movements_deadline_idx` (overview.repository.ts).
 */
export const NEEDS_ATTENTION_LIST = defineList({
  id: 'overview-needs-attention',
  sortFields: { deadline: 'a.deadline' },
  defaultSort: 'deadline',
  idColumn: 'a.id',
});

/** How many needs-attention items the overview itself holds (the list's first page). */
export const OVERVIEW_ATTENTION_LIMIT = 10;

/** How many entries of recent activity the overview holds. */
export const RECENT_ACTIVITY_LIMIT = 20;

/** The days of a KPI's period ("the last 30 days", "30 days ago"), in the partner's time zone. */
export const KPI_PERIOD_DAYS = 30;

export const KPI_KEYS = [
  'open_claims',
  'open_claims_amount',
  'awaiting_action',
  'approved_30d',
  'paid_30d',
  'units_on_hand',
  'value_on_hand',
  'low_stock_items',
  'out_of_stock_items',
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

export const KPI_UNITS = ['count', 'money', 'units'] as const;
export type KpiUnit = (typeof KPI_UNITS)[number];

export const ATTENTION_KINDS = [
  'info_requested',
  'draft',
  'unclaimed_loss',
  'unclaimed_damage',
  'unclaimed_shortage',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const ACTIVITY_KINDS = [
  'claim_created',
  'claim_transition',
  'claim_comment',
  'claim_attachment',
  'claim_edit',
  'movement',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
