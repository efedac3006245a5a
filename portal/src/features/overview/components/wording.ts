import type { AttentionItem, Kpi, KpiKey } from '../api/get-overview';

/** How each kind of the needs-attention inbox reads. */
export const attentionKindLabels: Record<AttentionItem['kind'], string> = {
  info_requested: 'Information requested',
  draft: 'Draft claim',
  unclaimed_loss: 'Loss not claimed',
  unclaimed_damage: 'Damage not claimed',
  unclaimed_shortage: 'Shortage not claimed',
};

/**
 * The filing window's countdown (docs/product.md §5): "5 days left", "1 day left", "Last day"
 * (0: the deadline is today), "Window closed" (a draft past it can no longer be submitted); none
 * for a claim waiting on information, which has no deadline.
 */
export function countdown(daysLeft: number | null): string | undefined {
  if (daysLeft === null) return undefined;
  if (daysLeft < 0) return 'Window closed';
  if (daysLeft === 0) return 'Last day';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}

/** How urgent a countdown is, for its badge: closed or within a week is a warning. */
export function countdownTone(daysLeft: number | null): 'danger' | 'warning' | 'neutral' {
  if (daysLeft === null) return 'neutral';
  if (daysLeft < 0) return 'danger';
  return daysLeft <= 7 ? 'warning' : 'neutral';
}

/** What each key figure's change is measured against (docs/api.md, the overview's KPIs). */
const periodOf: Record<KpiKey, string> = {
  open_claims: 'from 30 days ago',
  open_claims_amount: 'from 30 days ago',
  awaiting_action: '',
  approved_30d: 'from the 30 days before',
  paid_30d: 'from the 30 days before',
  units_on_hand: 'from 30 days ago',
  value_on_hand: 'from 30 days ago',
  low_stock_items: '',
  out_of_stock_items: '',
};

/** Whether a rise of the figure is good news, bad news or neither. */
const goodDirectionOf: Record<KpiKey, 'up' | 'down' | 'none'> = {
  open_claims: 'none',
  open_claims_amount: 'none',
  awaiting_action: 'down',
  approved_30d: 'up',
  paid_30d: 'up',
  units_on_hand: 'none',
  value_on_hand: 'none',
  low_stock_items: 'down',
  out_of_stock_items: 'down',
};

const numberOf = (value: Kpi['value']): number =>
  typeof value === 'number' ? value : value.amount;

/** A KPI's change against its previous value, as ui-kit's Stat shows and words it. */
export interface KpiChange {
  value: number;
  format: 'percent' | 'number';
  goodDirection: 'up' | 'down' | 'none';
  period: string;
  /** The change is money: its absolute amount in minor units. */
  money: boolean;
}

/**
 * The change of a KPI: a ratio ("up 12 % from 30 days ago") when the previous value is not zero,
 * otherwise the absolute change ("up 5", "up €1,200.00"); none without a previous value.
 */
export function kpiChange(kpi: Kpi): KpiChange | undefined {
  if (kpi.previous === null) return undefined;
  const now = numberOf(kpi.value);
  const before = numberOf(kpi.previous);
  const base = { goodDirection: goodDirectionOf[kpi.key], period: periodOf[kpi.key] };
  if (before !== 0) {
    return { ...base, value: (now - before) / Math.abs(before), format: 'percent', money: false };
  }
  return { ...base, value: now - before, format: 'number', money: kpi.unit === 'money' };
}
