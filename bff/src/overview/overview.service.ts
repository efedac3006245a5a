import { Injectable } from '@nestjs/common';
import { formatClaimNumber } from '../claims/claim-number.js';
import type { ClaimStatus } from '../claims/claim-lifecycle.js';
import { addDays, partnerToday } from '../common/partner-day.js';
import { Clock } from '../common/clock.js';
import { ListCursorCodec, type ListQuery, mapPage, type Page } from '../common/list/index.js';
import type { MovementKind } from '../inventory/inventory-movement.entity.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import type {
  ActivityEntryDto,
  AttentionItemDto,
  OverviewDto,
  OverviewKpiDto,
} from './dto/overview.dto.js';
import { KPI_PERIOD_DAYS, OVERVIEW_ATTENTION_LIMIT } from './overview.lists.js';
import {
  type ActivityRow,
  type AttentionRow,
  type KpiFigures,
  OverviewRepository,
} from './overview.repository.js';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** An entry of the needs-attention list (docs/api.md, Overview: AttentionItem). */
export function toAttentionItem(row: AttentionRow, today: string): AttentionItemDto {
  if (row.source === 'claim') {
    const claim = {
      id: row.id,
      number: formatClaimNumber(row.claim.number),
      type: row.claim.type,
      status: row.claim.status,
    };
    // info_requested: no deadline (the claim waits on the partner, the window is behind it).
    const deadline = row.claim.status === 'info_requested' ? null : row.deadline;
    return {
      kind: row.claim.status === 'info_requested' ? 'info_requested' : 'draft',
      claim,
      movement: null,
      item: row.item,
      daysLeft: deadline === null ? null : daysBetween(today, deadline),
      deadline,
    };
  }
  return {
    kind: row.movement.kind === 'loss' ? 'unclaimed_loss' : 'unclaimed_damage',
    claim: null,
    movement: {
      id: row.id,
      itemId: row.movement.itemId,
      kind: row.movement.kind,
      quantity: row.movement.quantity,
      occurredAt: row.movement.occurredAt,
    },
    item: row.item,
    daysLeft: daysBetween(today, row.deadline),
    deadline: row.deadline,
  };
}

/** The KPIs in the order of docs/api.md, Overview; `awaiting_action` as the caller sees it. */
export function toKpis(
  figures: KpiFigures,
  currency: string,
  caller: Pick<PartnerContext, 'isStaff'>,
): OverviewKpiDto[] {
  const money = (amount: number) => ({ amount, currency });
  return [
    {
      key: 'open_claims',
      label: 'Open claims',
      unit: 'count',
      value: figures.openClaims,
      previous: figures.openClaimsPrevious,
    },
    {
      key: 'open_claims_amount',
      label: 'Open claims amount',
      unit: 'money',
      value: money(figures.openAmount),
      previous: money(figures.openAmountPrevious),
    },
    {
      key: 'awaiting_action',
      label: caller.isStaff ? 'Awaiting staff' : 'Awaiting your action',
      unit: 'count',
      value: caller.isStaff ? figures.awaitingStaff : figures.awaitingMember,
      previous: null,
    },
    {
      key: 'approved_30d',
      label: 'Approved, last 30 days',
      unit: 'money',
      value: money(figures.approved),
      previous: money(figures.approvedPrevious),
    },
    {
      key: 'paid_30d',
      label: 'Paid, last 30 days',
      unit: 'money',
      value: money(figures.paid),
      previous: money(figures.paidPrevious),
    },
    {
      key: 'units_on_hand',
      label: 'Units on hand',
      unit: 'units',
      value: figures.units,
      previous: figures.unitsPrevious,
    },
    {
      key: 'value_on_hand',
      label: 'Value on hand',
      unit: 'money',
      value: money(figures.value),
      previous: money(figures.valuePrevious),
    },
    {
      key: 'low_stock_items',
      label: 'Low-stock items',
      unit: 'count',
      value: figures.lowStock,
      previous: null,
    },
    {
      key: 'out_of_stock_items',
      label: 'Out-of-stock items',
      unit: 'count',
      value: figures.outOfStock,
      previous: null,
    },
  ];
}

/** What a transition to a status did, by the status it moved the claim to. */
const TRANSITION_VERBS: Readonly<Record<ClaimStatus, string>> = {
  draft: 'reopened',
  submitted: 'submitted',
  in_review: 'started the review of',
  info_requested: 'requested information on',
  approved: 'approved',
  rejected: 'rejected',
  paid: 'marked as paid',
  withdrawn: 'withdrew',
};

/**
 * What a transition did, said from both its ends: back to review from an information request is
 * the partner's answer, not a review started (docs/product.md §4, lifecycle `respond`).
 */
function transitionVerb(from: ClaimStatus | null, to: ClaimStatus | null): string {
  if (to === null) return 'changed';
  if (from === 'info_requested' && to === 'in_review') return 'answered the information request on';
  return TRANSITION_VERBS[to];
}

const MOVEMENT_NOUNS: Readonly<Record<MovementKind, string>> = {
  receipt: 'Receipt',
  shipment: 'Shipment',
  adjustment: 'Adjustment',
  damage: 'Damage',
  loss: 'Loss',
  return: 'Return',
  transfer: 'Transfer',
};

function units(quantity: number): string {
  const count = Math.abs(quantity);
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'unit' : 'units'}`;
}

/** An entry of recent activity with its plain sentence (docs/api.md, Overview). */
export function toActivityEntry(row: ActivityRow): ActivityEntryDto {
  const item = row.item;
  if (row.source === 'movement') {
    const sign =
      row.kind === 'adjustment' || row.kind === 'transfer' ? (row.quantity < 0 ? '−' : '+') : '';
    const what = item === null ? 'an item' : `${item.name} (${item.sku})`;
    return {
      kind: 'movement',
      at: row.at,
      summary: `${MOVEMENT_NOUNS[row.kind]} of ${sign}${units(row.quantity)} of ${what} recorded.`,
      status: null,
      claim: null,
      item,
    };
  }
  const number = row.claim === null ? 'a claim' : formatClaimNumber(row.claim.number);
  const actor = row.actorName ?? 'A former user';
  const claim =
    row.claim === null
      ? null
      : { id: row.claim.id, number: formatClaimNumber(row.claim.number), status: row.claim.status };
  const { at } = row;
  switch (row.kind) {
    case 'created':
      return {
        kind: 'claim_created',
        at,
        summary: `${actor} created ${number}.`,
        status: 'draft',
        claim,
        item,
      };
    case 'transition': {
      const verb = transitionVerb(row.fromStatus, row.toStatus);
      return {
        kind: 'claim_transition',
        at,
        summary: `${actor} ${verb} ${number}.`,
        status: row.toStatus,
        claim,
        item,
      };
    }
    case 'comment':
      return {
        kind: 'claim_comment',
        at,
        summary: `${actor} commented on ${number}.`,
        status: null,
        claim,
        item,
      };
    case 'attachment': {
      const removed = row.body?.startsWith('Removed ') ?? false;
      const summary = removed
        ? `${actor} removed evidence from ${number}.`
        : `${actor} added evidence to ${number}.`;
      return { kind: 'claim_attachment', at, summary, status: null, claim, item };
    }
    case 'edit':
      // Only a draft is edited.
      return {
        kind: 'claim_edit',
        at,
        summary: `${actor} edited ${number}.`,
        status: 'draft',
        claim,
        item,
      };
  }
}

/** The overview of a partner (docs/api.md, Overview; docs/product.md §3). */
@Injectable()
export class OverviewService {
  constructor(
    private readonly overview: OverviewRepository,
    private readonly cursors: ListCursorCodec,
    private readonly clock: Clock,
  ) {}

  async overviewOf(context: PartnerContext): Promise<OverviewDto> {
    const { partner } = context;
    const now = this.clock.now();
    const today = partnerToday(now, partner.timeZone);
    const [figures, attention, activity] = await Promise.all([
      this.overview.kpiFigures(partner.id, {
        today,
        periodStart: addDays(today, -KPI_PERIOD_DAYS),
        previousStart: addDays(today, -2 * KPI_PERIOD_DAYS),
      }),
      this.attentionPage(context, today, { limit: OVERVIEW_ATTENTION_LIMIT }),
      this.overview.recentActivity(partner.id),
    ]);
    return {
      asOf: now.toISOString(),
      timeZone: partner.timeZone,
      currency: partner.currency,
      kpis: toKpis(figures, partner.currency, context),
      needsAttention: {
        items: attention.items,
        nextCursor: attention.nextCursor,
        total: attention.total,
      },
      recentActivity: activity.map(toActivityEntry),
    };
  }

  needsAttention(context: PartnerContext, query: ListQuery): Promise<Page<AttentionItemDto>> {
    const today = partnerToday(this.clock.now(), context.partner.timeZone);
    return this.attentionPage(context, today, query);
  }

  /**
   * The needs-attention items of a partner whose filing window closes in exactly one of `daysLeft`
   * days from `today` (its day): the daily digest's filing deadlines, as the overview shows them.
   */
  async attentionClosingIn(
    partnerId: string,
    today: string,
    daysLeft: readonly number[],
  ): Promise<AttentionItemDto[]> {
    const deadlines = daysLeft.map((days) => addDays(today, days));
    const rows = await this.overview.attentionDueOn(partnerId, today, deadlines);
    return rows.map((row) => toAttentionItem(row, today));
  }

  private async attentionPage(
    context: PartnerContext,
    today: string,
    query: ListQuery,
  ): Promise<Page<AttentionItemDto>> {
    const page = await this.overview.attentionPage(context.partner.id, today, query, this.cursors);
    return mapPage(page, (row) => toAttentionItem(row, today));
  }
}
