import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  type ClaimStatus,
  type ClaimType,
  MEMBER_AWAITING_STATUSES,
  OPEN_CLAIM_STATUSES,
  STAFF_AWAITING_STATUSES,
} from '../claims/claim-lifecycle.js';
import {
  type KeyedRow,
  type KeysetRequest,
  keysetFetch,
  keysetPage,
  type ListCursorCodec,
  type ListQuery,
  type Page,
  type RowKey,
} from '../common/list/index.js';
import { STAFF_ONLY_EVENT_KINDS } from '../claims/claim-event.entity.js';
import type { MovementKind } from '../inventory/inventory-movement.entity.js';
import { NEEDS_ATTENTION_LIST, RECENT_ACTIVITY_LIMIT } from './overview.lists.js';
import { type Row, rowsOf, integer, text, nullableText } from '../common/raw-rows.js';

/** A row of the needs-attention list: a claim (info requested, draft) or an unclaimed movement. */
export type AttentionRow =
  | {
      source: 'claim';
      id: string;
      /** `-infinity` for info requested, else `YYYY-MM-DD`. */
      deadline: string;
      claim: { number: number; type: ClaimType; status: ClaimStatus };
      item: ItemRef | null;
    }
  | {
      source: 'movement';
      id: string;
      deadline: string;
      movement: {
        itemId: string;
        kind: 'loss' | 'damage';
        quantity: number;
        occurredAt: Date;
      };
      item: ItemRef | null;
    };

export interface ItemRef {
  id: string;
  sku: string;
  name: string;
}

/** The figures of the KPIs (docs/api.md, Overview), before they are labelled. */
export interface KpiFigures {
  openClaims: number;
  openClaimsPrevious: number;
  openAmount: number;
  openAmountPrevious: number;
  awaitingMember: number;
  awaitingStaff: number;
  approved: number;
  approvedPrevious: number;
  paid: number;
  paidPrevious: number;
  units: number;
  unitsPrevious: number;
  value: number;
  valuePrevious: number;
  lowStock: number;
  outOfStock: number;
}

/** The days the KPIs compare, `YYYY-MM-DD` in the partner's time zone. */
export interface KpiDays {
  today: string;
  /** today − 30: the end of this day is "30 days ago"; the last 30 days are the days after it. */
  periodStart: string;
  /** today − 60: the 30 days before are the days after it, up to `periodStart`. */
  previousStart: string;
}

/** One entry of recent activity, raw. */
export type ActivityRow =
  | {
      source: 'event';
      id: string;
      at: Date;
      kind: 'created' | 'transition' | 'comment' | 'edit' | 'attachment';
      fromStatus: ClaimStatus | null;
      toStatus: ClaimStatus | null;
      body: string | null;
      actorName: string | null;
      claim: { id: string; number: number; status: ClaimStatus } | null;
      item: ItemRef | null;
    }
  | {
      source: 'movement';
      id: string;
      at: Date;
      kind: MovementKind;
      quantity: number;
      item: ItemRef | null;
    };

/** The deadline key of a claim in the list, spelled exactly as `claims_attention_idx` spells it. */
const CLAIM_DEADLINE = `CASE WHEN c.status = 'info_requested' THEN '-infinity'::date ELSE c.incident_date + 60 END`;

/**
 * The list's rows, from two sources in the list's order, each the index range of a partner:
 * `claims_attention_idx` (drafts and info requested, keyed by CASE … END, spelled exactly as the index
 * spells it) and `unclaimed_movements_deadline_idx` (still in their window). Each is fetched by keyset
 * on its own and the two are merged (`attentionFetch`). As one UNION ALL, PostgreSQL 15 reads both
 * ranges whole and sorts them (it does not merge the ordered branches of a UNION ALL subquery): 6,636
 * rows and 9,226 buffers for a page at 200,000 claims and 1,000,000 movements; each source alone reads
 * its page, 26 rows and about 130 buffers.
 */
const CLAIM_ATTENTION_ROWS = `(
  SELECT 'claim'::text AS source, c.id AS id, ${CLAIM_DEADLINE} AS deadline,
         c.number AS claim_number, c.type AS claim_type, c.status AS claim_status,
         c.item_id AS item_id, NULL::text AS movement_kind, NULL::integer AS movement_quantity,
         NULL::timestamptz AS occurred_at
    FROM claims c
   WHERE c.partner_id = :partnerId AND c.status IN ('draft', 'info_requested')
)`;
const MOVEMENT_ATTENTION_ROWS = `(
  SELECT 'movement'::text AS source, u.movement_id AS id, u.deadline AS deadline,
         NULL::integer AS claim_number, NULL::text AS claim_type, NULL::text AS claim_status,
         u.item_id AS item_id, u.kind AS movement_kind, u.quantity AS movement_quantity,
         u.occurred_at AS occurred_at
    FROM unclaimed_movements u
   WHERE u.partner_id = :partnerId AND u.deadline >= :today
)`;

/**
 * The list's exact total without counting its rows: the drafts and claims with information requested
 * from `claim_counts`, the unclaimed movements still in their window from their counts per deadline.
 */
const ATTENTION_TOTAL = `
  SELECT (SELECT coalesce(sum(claim_count), 0) FROM claim_counts
           WHERE partner_id = $1 AND status IN ('draft', 'info_requested'))
       + (SELECT coalesce(sum(movement_count), 0) FROM unclaimed_movement_counts
           WHERE partner_id = $1 AND deadline >= $2) AS total`;

/**
 * Every figure of the KPIs in one statement, none reading a claim, an item or a movement: the
 * counters (`claim_counts`, `inventory_stock_counts`, `inventory_stock_totals`, kept by triggers) and
 * the daily rollups of the analytics (`claim_daily_stats`, `inventory_daily_stats`, one row per
 * partner, day and type: some thousands for years of claims, 30 days of stock). "30 days ago" is the figure now less the
 * changes of the days after `periodStart` (the end of that day); "the last 30 days" are the days after
 * `periodStart` up to today, and the 30 before them the days after `previousStart` up to `periodStart`.
 * Open claims leave the open set only by withdraw, reject or paid (the rollups' `closed`), and their
 * amount never changes once submitted, so the open amount is what was filed less what was closed.
 * One statement, one round trip: the overview's cost is its slowest read, not the sum of five.
 * $1 partner, $2 open statuses, $3 member's awaiting, $4 staff's awaiting, $5 today, $6 periodStart,
 * $7 previousStart.
 */
const KPI_FIGURES = `
  WITH counts AS (
    SELECT coalesce(sum(claim_count) FILTER (WHERE status = ANY ($2::text[])), 0) AS open_claims,
           coalesce(sum(claim_count) FILTER (WHERE status = ANY ($3::text[])), 0) AS awaiting_member,
           coalesce(sum(claim_count) FILTER (WHERE status = ANY ($4::text[])), 0) AS awaiting_staff
      FROM claim_counts WHERE partner_id = $1
  ), claim_days AS (
    SELECT coalesce(sum(filed_count - closed_count) FILTER (WHERE day > $6::date), 0) AS open_change,
           coalesce(sum(filed_amount - closed_amount), 0) AS open_amount,
           coalesce(sum(filed_amount - closed_amount) FILTER (WHERE day > $6::date), 0) AS open_amount_change,
           coalesce(sum(approved_amount) FILTER (WHERE day > $6::date AND day <= $5::date), 0) AS approved,
           coalesce(sum(approved_amount) FILTER (WHERE day > $7::date AND day <= $6::date), 0) AS approved_previous,
           coalesce(sum(paid_amount) FILTER (WHERE day > $6::date AND day <= $5::date), 0) AS paid,
           coalesce(sum(paid_amount) FILTER (WHERE day > $7::date AND day <= $6::date), 0) AS paid_previous
      FROM claim_daily_stats WHERE partner_id = $1
  ), stock_now AS (
    SELECT coalesce(sum(units), 0) AS units, coalesce(sum(value), 0) AS value
      FROM inventory_stock_totals WHERE partner_id = $1
  ), stock_days AS (
    SELECT coalesce(sum(units_delta), 0) AS units_change,
           coalesce(sum(value_delta), 0) AS value_change
      FROM inventory_daily_stats WHERE partner_id = $1 AND day > $6::date
  ), stock AS (
    SELECT coalesce(sum(item_count) FILTER (WHERE state = 'low'), 0) AS low_stock,
           coalesce(sum(item_count) FILTER (WHERE state = 'out'), 0) AS out_of_stock
      FROM inventory_stock_counts WHERE partner_id = $1
  )
  SELECT counts.*, claim_days.*, stock_now.*, stock_days.*, stock.*
    FROM counts, claim_days, stock_now, stock_days, stock`;

/**
 * The latest claim events and recorded movements of the partner, newest first: each branch the head
 * of its index (`claim_events_recent_idx`, `inventory_movements_recent_idx`) read backwards, then
 * the claim, item and actor of the few kept. $1 partner, $2 how many, $3 the staff-only event kinds,
 * never in the partner's feed (docs/product.md §3a).
 */
const RECENT_ACTIVITY = `
  SELECT a.source, a.id, a.at, a.kind, a.from_status, a.to_status, a.body, a.quantity,
         c.id AS claim_id, c.number AS claim_number, c.status AS claim_status,
         i.id AS item_id, i.sku AS item_sku, i.name AS item_name, u.name AS actor_name
    FROM (
      (SELECT 'event'::text AS source, e.id, e.at, e.kind, e.from_status, e.to_status, e.body, e.claim_id,
              e.actor_user_id, NULL::uuid AS item_id, NULL::integer AS quantity
         FROM claim_events e WHERE e.partner_id = $1 AND e.kind <> ALL($3::text[])
        ORDER BY e.at DESC, e.id DESC LIMIT $2)
      UNION ALL
      (SELECT 'movement'::text, m.id, m.recorded_at, m.kind, NULL, NULL, NULL, NULL,
              NULL, m.item_id, m.quantity
         FROM inventory_movements m WHERE m.partner_id = $1
        ORDER BY m.recorded_at DESC, m.id DESC LIMIT $2)
    ) AS a
    LEFT JOIN claims c ON c.partner_id = $1 AND c.id = a.claim_id
    LEFT JOIN inventory_items i ON i.partner_id = $1 AND i.id = coalesce(a.item_id, c.item_id)
    LEFT JOIN users u ON u.id = a.actor_user_id
   ORDER BY a.at DESC, a.id DESC
   LIMIT $2`;

/**
 * Every statement of the overview. Tenant data: each method takes the partner id first, and every
 * statement is scoped by it. None reads a partner's claims or movements beyond an index range of a
 * page: the overview costs the same at a million claims and ten million movements (docs/api.md,
 * Overview). The statements are hand-written: unions, FILTERs and `-infinity` keys that the query
 * builder cannot spell, each one round trip.
 */
@Injectable()
export class OverviewRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One source of the needs-attention rows, unordered and unlimited (the list machinery orders them). */
  private attentionRows(
    source: string,
    partnerId: string,
    today: string,
  ): SelectQueryBuilder<AttentionSource> {
    return this.dataSource
      .createQueryBuilder()
      .select([
        'a.source AS a_source',
        'a.id AS a_id',
        'a.deadline::text AS a_deadline',
        'a.claim_number AS a_claim_number',
        'a.claim_type AS a_claim_type',
        'a.claim_status AS a_claim_status',
        'a.item_id AS a_item_id',
        'a.movement_kind AS a_movement_kind',
        'a.movement_quantity AS a_movement_quantity',
        'a.occurred_at AS a_occurred_at',
        'i.sku AS i_sku',
        'i.name AS i_name',
      ])
      .from(source, 'a')
      .leftJoin('inventory_items', 'i', 'i.partner_id = :partnerId AND i.id = a.item_id')
      .setParameters({ partnerId, today });
  }

  /** One page of the needs-attention list, its total exact; cursors bound to the partner. */
  attentionPage(
    partnerId: string,
    today: string,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<AttentionRow>> {
    const sources = [
      this.attentionRows(CLAIM_ATTENTION_ROWS, partnerId, today),
      this.attentionRows(MOVEMENT_ATTENTION_ROWS, partnerId, today),
    ] as const;
    return keysetPage(sources[0], {
      list: NEEDS_ATTENTION_LIST,
      query,
      codec,
      boundTo: partnerId,
      // Exact from the counters, never counted (`attentionTotal`): the source is never counted.
      total: { exactly: () => this.attentionTotal(partnerId, today), otherwise: 'exact' },
      read: readAttentionRow,
      fetch: (request) => attentionFetch(sources, request),
    });
  }

  private async attentionTotal(partnerId: string, today: string): Promise<number> {
    const [row] = rowsOf(await this.dataSource.query(ATTENTION_TOTAL, [partnerId, today]));
    return integer(row ?? {}, 'total');
  }

  async kpiFigures(partnerId: string, days: KpiDays): Promise<KpiFigures> {
    const [row] = rowsOf(
      await this.dataSource.query(KPI_FIGURES, [
        partnerId,
        OPEN_CLAIM_STATUSES,
        MEMBER_AWAITING_STATUSES,
        STAFF_AWAITING_STATUSES,
        days.today,
        days.periodStart,
        days.previousStart,
      ]),
    );
    if (row === undefined) throw new Error('The KPI statement returned no row');
    const openClaims = integer(row, 'open_claims');
    const openAmount = integer(row, 'open_amount');
    const units = integer(row, 'units');
    const value = integer(row, 'value');
    return {
      openClaims,
      openClaimsPrevious: openClaims - integer(row, 'open_change'),
      openAmount,
      openAmountPrevious: openAmount - integer(row, 'open_amount_change'),
      awaitingMember: integer(row, 'awaiting_member'),
      awaitingStaff: integer(row, 'awaiting_staff'),
      approved: integer(row, 'approved'),
      approvedPrevious: integer(row, 'approved_previous'),
      paid: integer(row, 'paid'),
      paidPrevious: integer(row, 'paid_previous'),
      units,
      unitsPrevious: units - integer(row, 'units_change'),
      value,
      valuePrevious: value - integer(row, 'value_change'),
      lowStock: integer(row, 'low_stock'),
      outOfStock: integer(row, 'out_of_stock'),
    };
  }

  async recentActivity(partnerId: string, limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityRow[]> {
    const rows = rowsOf(
      await this.dataSource.query(RECENT_ACTIVITY, [partnerId, limit, STAFF_ONLY_EVENT_KINDS]),
    );
    return rows.map(readActivityRow);
  }
}

/**
 * The rows of the list past the request's boundary: up to `count` of each source, merged in the
 * list's order (the key as PostgreSQL orders it: `-infinity` before every day, days as their ISO text,
 * ids as their text, which orders UUIDs as PostgreSQL does), the first `count` kept.
 */
async function attentionFetch(
  sources: readonly SelectQueryBuilder<AttentionSource>[],
  request: KeysetRequest,
): Promise<Array<KeyedRow<AttentionRow>>> {
  const fetched = await Promise.all(
    sources.map((source) => keysetFetch(source, NEEDS_ATTENTION_LIST, request, readAttentionRow)),
  );
  const direction = request.sort.descending !== request.backwards ? -1 : 1;
  return fetched
    .flat()
    .sort((a, b) => direction * compareKeys(a.key, b.key))
    .slice(0, request.count);
}

function compareKeys(a: RowKey, b: RowKey): number {
  const day = (key: RowKey) => (key.sortKey === '-infinity' ? '' : key.sortKey);
  const byDay = day(a) < day(b) ? -1 : day(a) > day(b) ? 1 : 0;
  if (byDay !== 0) return byDay;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The list's rows have no entity: the builder's entity type is a plain record. */
type AttentionSource = Record<string, unknown>;

function timestamp(row: Row, column: string): Date {
  const value = row[column];
  if (value instanceof Date) return value;
  if (typeof value === 'string') return new Date(value);
  throw new Error(`${column} is not a timestamp`);
}

function itemOf(row: Row, id: string | null, prefix: string): ItemRef | null {
  if (id === null) return null;
  const sku = nullableText(row, `${prefix}sku`);
  const name = nullableText(row, `${prefix}name`);
  return sku === null || name === null ? null : { id, sku, name };
}

function readAttentionRow(raw: Row): AttentionRow {
  const id = text(raw, 'a_id');
  const deadline = text(raw, 'a_deadline');
  const itemId = nullableText(raw, 'a_item_id');
  const item = itemOf(raw, itemId, 'i_');
  if (text(raw, 'a_source') === 'claim') {
    return {
      source: 'claim',
      id,
      deadline,
      claim: {
        number: integer(raw, 'a_claim_number'),
        type: text(raw, 'a_claim_type') as ClaimType,
        status: text(raw, 'a_claim_status') as ClaimStatus,
      },
      item,
    };
  }
  if (itemId === null) throw new Error('An unclaimed movement without its item');
  return {
    source: 'movement',
    id,
    deadline,
    movement: {
      itemId,
      kind: text(raw, 'a_movement_kind') as 'loss' | 'damage',
      quantity: integer(raw, 'a_movement_quantity'),
      occurredAt: timestamp(raw, 'a_occurred_at'),
    },
    item,
  };
}

function readActivityRow(raw: Row): ActivityRow {
  const item = itemOf(raw, nullableText(raw, 'item_id'), 'item_');
  if (text(raw, 'source') === 'movement') {
    return {
      source: 'movement',
      id: text(raw, 'id'),
      at: timestamp(raw, 'at'),
      kind: text(raw, 'kind') as MovementKind,
      quantity: integer(raw, 'quantity'),
      item,
    };
  }
  const claimId = nullableText(raw, 'claim_id');
  return {
    source: 'event',
    id: text(raw, 'id'),
    at: timestamp(raw, 'at'),
    kind: text(raw, 'kind') as 'created' | 'transition' | 'comment' | 'edit' | 'attachment',
    fromStatus: nullableText(raw, 'from_status') as ClaimStatus | null,
    toStatus: nullableText(raw, 'to_status') as ClaimStatus | null,
    body: nullableText(raw, 'body'),
    actorName: nullableText(raw, 'actor_name'),
    claim:
      claimId === null
        ? null
        : {
            id: claimId,
            number: integer(raw, 'claim_number'),
            status: text(raw, 'claim_status') as ClaimStatus,
          },
    item,
  };
}
