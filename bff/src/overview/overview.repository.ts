import { Injectable } from '@nestjs/common';
import {
  type ClaimStatus,
  type ClaimType,
  MEMBER_AWAITING_STATUSES,
  OPEN_CLAIM_STATUSES,
  STAFF_AWAITING_STATUSES,
} from '#src/claims/claim-lifecycle.js';
import {
  type KeyedRow,
  type KeysetRequest,
  keysetPage,
  type ListCursorCodec,
  type ListQuery,
  type Page,
  type RowKey,
} from '#src/common/list/index.js';
import { Database } from '#src/database/database.js';
import { prepared, raw, sql, type Sql } from '#src/database/sql.js';
import { fields, isoTimestampSql, read } from '#src/database/table.js';
import { STAFF_ONLY_EVENT_KINDS } from '#src/claims/claim-event.entity.js';
import type { MovementKind } from '#src/inventory/inventory-movement.entity.js';
import { NEEDS_ATTENTION_LIST, RECENT_ACTIVITY_LIMIT } from './overview.lists.js';
import { keyActorNameSql } from '#src/api-keys/api-keys.repository.js';

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
        /** ISO 8601 UTC, as the API writes it. */
        occurredAt: string;
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
      /** ISO 8601 UTC, as the API writes it. */
      at: string;
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
      at: string;
      kind: MovementKind;
      quantity: number;
      item: ItemRef | null;
    };

/** The deadline key of a claim in the list, spelled exactly as `claims_attention_idx` spells it. */
const CLAIM_DEADLINE = `CASE WHEN c.status = 'info_requested' THEN '-infinity'::date ELSE c.incident_date + 60 END`;

/** The values of the needs-attention statements. */
interface AttentionValues {
  partnerId: string;
  today: string;
  /** The boundary's key (`afterKey`, `afterId`): the key of the row the page starts past. */
  afterKey?: string;
  afterId?: string;
  count: number;
}

/** The columns both sources select, in one order, each NULL of its type where a source has none. */
const ATTENTION_COLUMNS = {
  id: 'uuid',
  deadline: 'date',
  claim_number: 'integer',
  claim_type: 'text',
  claim_status: 'text',
  item_id: 'uuid',
  movement_kind: 'text',
  movement_quantity: 'integer',
  occurred_at: 'timestamptz',
} as const;

/**
 * One source of the list: its expressions of the shared columns (the rest NULL), from an index range
 * of the partner's (`rows`: the FROM and WHERE, scoped by the partner id).
 */
function attentionSource(
  source: 'claim' | 'movement',
  columns: Partial<Record<keyof typeof ATTENTION_COLUMNS, string>>,
  rows: (p: Pick<AttentionValues, 'partnerId' | 'today'>) => Sql,
): (p: Pick<AttentionValues, 'partnerId' | 'today'>) => Sql {
  const list = raw(
    [
      `'${source}'::text AS source`,
      ...Object.entries(ATTENTION_COLUMNS).map(
        ([column, type]) =>
          `${columns[column as keyof typeof ATTENTION_COLUMNS] ?? `NULL::${type}`} AS ${column}`,
      ),
    ].join(', '),
  );
  return (p) => sql`(SELECT ${list} ${rows(p)})`;
}

/**
 * The list's rows, from two sources in the list's order, each the index range of a partner:
 * `claims_attention_idx` (drafts and info requested, keyed by CASE … END, spelled exactly as the index
 * spells it) and `unclaimed_movements_deadline_idx` (still in their window). Each is fetched by keyset
 * on its own and the two are merged (`attentionFetch`). As one UNION ALL, PostgreSQL 15 reads both
 * ranges whole and sorts them (it does not merge the ordered branches of a UNION ALL subquery): 6,636
 * rows and 9,226 buffers for a page at 200,000 claims and 1,000,000 movements; each source alone reads
 * its page, 26 rows and about 130 buffers.
 */
const ATTENTION_SOURCES = {
  claim: attentionSource(
    'claim',
    {
      id: 'c.id',
      deadline: CLAIM_DEADLINE,
      claim_number: 'c.number',
      claim_type: 'c.type',
      claim_status: 'c.status',
      item_id: 'c.item_id',
    },
    (p) =>
      sql`FROM claims c WHERE c.partner_id = ${p.partnerId} AND c.status IN ('draft', 'info_requested')`,
  ),
  movement: attentionSource(
    'movement',
    {
      id: 'u.movement_id',
      deadline: 'u.deadline',
      item_id: 'u.item_id',
      movement_kind: 'u.kind',
      movement_quantity: 'u.quantity',
      occurred_at: 'u.occurred_at',
    },
    (p) =>
      sql`FROM unclaimed_movements u WHERE u.partner_id = ${p.partnerId} AND u.deadline >= ${p.today}`,
  ),
};

/** A row of either source with its item's SKU and name; its key is its deadline and id. */
const ATTENTION = fields({
  source: ['a.source', read.text],
  id: ['a.id', read.text],
  deadline: ['a.deadline::text', read.text],
  claimNumber: ['a.claim_number', read.nullable(read.integer)],
  claimType: ['a.claim_type', read.nullable(read.text)],
  claimStatus: ['a.claim_status', read.nullable(read.text)],
  itemId: ['a.item_id', read.nullable(read.text)],
  movementKind: ['a.movement_kind', read.nullable(read.text)],
  movementQuantity: ['a.movement_quantity', read.nullable(read.integer)],
  occurredAt: [isoTimestampSql('a.occurred_at'), read.nullable(read.text)],
  itemSku: ['i.sku', read.nullable(read.text)],
  itemName: ['i.name', read.nullable(read.text)],
});
type AttentionSelected = ReturnType<typeof ATTENTION.read>;

/**
 * The keyset fetches of one source, each built once: in the list's order or against it (a page read
 * backwards), from the start or past a boundary (`(deadline, id) > (key, id)`), `count` rows. The sort
 * and id expressions are the list's (`NEEDS_ATTENTION_LIST`).
 */
function attentionFetches(source: (p: AttentionValues) => Sql) {
  const sortColumn = raw(NEEDS_ATTENTION_LIST.sortFields.deadline);
  const idColumn = raw(NEEDS_ATTENTION_LIST.idColumn);
  const fetch = (descending: boolean, past: boolean) =>
    prepared<AttentionValues>(
      (p) => sql`
  SELECT ${ATTENTION.list}
    FROM ${source(p)} AS a
    LEFT JOIN inventory_items i ON i.partner_id = ${p.partnerId} AND i.id = a.item_id${
      past
        ? sql`
   WHERE (${sortColumn}, ${idColumn}) ${raw(descending ? '<' : '>')} (${p.afterKey}, ${p.afterId})`
        : raw('')
    }
   ORDER BY ${sortColumn} ${raw(descending ? 'DESC' : 'ASC')}, ${idColumn} ${raw(descending ? 'DESC' : 'ASC')}
   LIMIT ${p.count}`,
    );
  return {
    ascending: { first: fetch(false, false), past: fetch(false, true) },
    descending: { first: fetch(true, false), past: fetch(true, true) },
  };
}

/**
 * The rows of the list whose deadline is one of `deadlines` (`YYYY-MM-DD`): the daily digest's
 * filing deadlines (docs/product.md, Notification preferences), from the list's own two sources, so
 * the digest and the overview cannot disagree about a window. Info requested has no deadline
 * (`-infinity`) and never matches.
 */
const ATTENTION_DUE_ON = prepared<{ partnerId: string; today: string; deadlines: string[] }>(
  (p) => sql`
  SELECT ${ATTENTION.list}
    FROM (${ATTENTION_SOURCES.claim(p)} UNION ALL ${ATTENTION_SOURCES.movement(p)}) AS a
    LEFT JOIN inventory_items i ON i.partner_id = ${p.partnerId} AND i.id = a.item_id
   WHERE a.deadline = ANY(${p.deadlines}::date[])
   ORDER BY a.deadline, a.id`,
);

const ATTENTION_FETCHES = [
  attentionFetches(ATTENTION_SOURCES.claim),
  attentionFetches(ATTENTION_SOURCES.movement),
] as const;

/**
 * The list's exact total without counting its rows: the drafts and claims with information requested
 * from `claim_counts`, the unclaimed movements still in their window from their counts per deadline.
 */
const ATTENTION_TOTAL = prepared<{ partnerId: string; today: string }>(
  (p) => sql`
  SELECT (SELECT coalesce(sum(claim_count), 0) FROM claim_counts
           WHERE partner_id = ${p.partnerId} AND status IN ('draft', 'info_requested'))
       + (SELECT coalesce(sum(movement_count), 0) FROM unclaimed_movement_counts
           WHERE partner_id = ${p.partnerId} AND deadline >= ${p.today}) AS total`,
);
const TOTAL = fields({ total: ['total', read.integer] });

/** The figures the KPI statement selects (`KPI_FIGURES`), each a sum. */
const KPI = fields({
  openClaims: ['counts.open_claims', read.integer],
  awaitingMember: ['counts.awaiting_member', read.integer],
  awaitingStaff: ['counts.awaiting_staff', read.integer],
  openChange: ['claim_days.open_change', read.integer],
  openAmount: ['claim_days.open_amount', read.integer],
  openAmountChange: ['claim_days.open_amount_change', read.integer],
  approved: ['claim_days.approved', read.integer],
  approvedPrevious: ['claim_days.approved_previous', read.integer],
  paid: ['claim_days.paid', read.integer],
  paidPrevious: ['claim_days.paid_previous', read.integer],
  units: ['stock_now.units', read.integer],
  value: ['stock_now.value', read.integer],
  unitsChange: ['stock_days.units_change', read.integer],
  valueChange: ['stock_days.value_change', read.integer],
  lowStock: ['stock.low_stock', read.integer],
  outOfStock: ['stock.out_of_stock', read.integer],
});

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
 */
const KPI_FIGURES = prepared<
  KpiDays & {
    partnerId: string;
    open: readonly string[];
    member: readonly string[];
    staff: readonly string[];
  }
>(
  (p) => sql`
  WITH counts AS (
    SELECT coalesce(sum(claim_count) FILTER (WHERE status = ANY (${p.open}::text[])), 0) AS open_claims,
           coalesce(sum(claim_count) FILTER (WHERE status = ANY (${p.member}::text[])), 0) AS awaiting_member,
           coalesce(sum(claim_count) FILTER (WHERE status = ANY (${p.staff}::text[])), 0) AS awaiting_staff
      FROM claim_counts WHERE partner_id = ${p.partnerId}
  ), claim_days AS (
    SELECT coalesce(sum(filed_count - closed_count) FILTER (WHERE day > ${p.periodStart}::date), 0) AS open_change,
           coalesce(sum(filed_amount - closed_amount), 0) AS open_amount,
           coalesce(sum(filed_amount - closed_amount) FILTER (WHERE day > ${p.periodStart}::date), 0) AS open_amount_change,
           coalesce(sum(approved_amount) FILTER (WHERE day > ${p.periodStart}::date AND day <= ${p.today}::date), 0) AS approved,
           coalesce(sum(approved_amount) FILTER (WHERE day > ${p.previousStart}::date AND day <= ${p.periodStart}::date), 0) AS approved_previous,
           coalesce(sum(paid_amount) FILTER (WHERE day > ${p.periodStart}::date AND day <= ${p.today}::date), 0) AS paid,
           coalesce(sum(paid_amount) FILTER (WHERE day > ${p.previousStart}::date AND day <= ${p.periodStart}::date), 0) AS paid_previous
      FROM claim_daily_stats WHERE partner_id = ${p.partnerId}
  ), stock_now AS (
    SELECT coalesce(sum(units), 0) AS units, coalesce(sum(value), 0) AS value
      FROM inventory_stock_totals WHERE partner_id = ${p.partnerId}
  ), stock_days AS (
    SELECT coalesce(sum(units_delta), 0) AS units_change,
           coalesce(sum(value_delta), 0) AS value_change
      FROM inventory_daily_stats WHERE partner_id = ${p.partnerId} AND day > ${p.periodStart}::date
  ), stock AS (
    SELECT coalesce(sum(item_count) FILTER (WHERE state = 'low'), 0) AS low_stock,
           coalesce(sum(item_count) FILTER (WHERE state = 'out'), 0) AS out_of_stock
      FROM inventory_stock_counts WHERE partner_id = ${p.partnerId}
  )
  SELECT ${KPI.list}
    FROM counts, claim_days, stock_now, stock_days, stock`,
);

/** An entry of recent activity as its statement selects it (`RECENT_ACTIVITY`). */
const ACTIVITY = fields({
  source: ['a.source', read.text],
  id: ['a.id', read.text],
  at: [isoTimestampSql('a.at'), read.text],
  kind: ['a.kind', read.text],
  fromStatus: ['a.from_status', read.nullable(read.text)],
  toStatus: ['a.to_status', read.nullable(read.text)],
  body: ['a.body', read.nullable(read.text)],
  quantity: ['a.quantity', read.nullable(read.integer)],
  claimId: ['c.id', read.nullable(read.text)],
  claimNumber: ['c.number', read.nullable(read.integer)],
  claimStatus: ['c.status', read.nullable(read.text)],
  itemId: ['i.id', read.nullable(read.text)],
  itemSku: ['i.sku', read.nullable(read.text)],
  itemName: ['i.name', read.nullable(read.text)],
  actorName: [
    `COALESCE(u.name, ${keyActorNameSql('c.partner_id', 'a.actor_key_id')})`,
    read.nullable(read.text),
  ],
});
type ActivitySelected = ReturnType<typeof ACTIVITY.read>;

/**
 * The latest claim events and recorded movements of the partner, newest first: each branch the head
 * of its index (`claim_events_recent_idx`, `inventory_movements_recent_idx`) read backwards, then
 * the claim, item and actor of the few kept. The staff-only event kinds are never in the partner's feed
 * (docs/product.md §3a).
 */
const STAFF_ONLY_KINDS = raw(STAFF_ONLY_EVENT_KINDS.map((kind) => `'${kind}'`).join(', '));
const RECENT_ACTIVITY = prepared<{ partnerId: string; limit: number }>(
  (p) => sql`
  SELECT ${ACTIVITY.list}
    FROM (
      (SELECT 'event'::text AS source, e.id, e.at, e.kind, e.from_status, e.to_status, e.body, e.claim_id,
              e.actor_user_id, e.actor_key_id, NULL::uuid AS item_id, NULL::integer AS quantity
         FROM claim_events e WHERE e.partner_id = ${p.partnerId} AND e.kind NOT IN (${STAFF_ONLY_KINDS})
        ORDER BY e.at DESC, e.id DESC LIMIT ${p.limit})
      UNION ALL
      (SELECT 'movement'::text, m.id, m.recorded_at, m.kind, NULL, NULL, NULL, NULL,
              NULL, NULL, m.item_id, m.quantity
         FROM inventory_movements m WHERE m.partner_id = ${p.partnerId}
        ORDER BY m.recorded_at DESC, m.id DESC LIMIT ${p.limit})
    ) AS a
    LEFT JOIN claims c ON c.partner_id = ${p.partnerId} AND c.id = a.claim_id
    LEFT JOIN inventory_items i ON i.partner_id = ${p.partnerId} AND i.id = coalesce(a.item_id, c.item_id)
    LEFT JOIN users u ON u.id = a.actor_user_id
   ORDER BY a.at DESC, a.id DESC
   LIMIT ${p.limit}`,
);

/**
 * Every statement of the overview, each built once (constant text, values as parameters). Tenant
 * data: each method takes the partner id first, and every statement is scoped by it. None reads a
 * partner's claims or movements beyond an index range of a page: the overview costs the same at a
 * million claims and ten million movements (docs/api.md, Overview). The statements are hand-written:
 * unions, FILTERs and `-infinity` keys, each one round trip.
 */
@Injectable()
export class OverviewRepository {
  constructor(private readonly db: Database) {}

  /** The needs-attention rows whose deadline is one of `deadlines`, soonest first. */
  async attentionDueOn(
    partnerId: string,
    today: string,
    deadlines: readonly string[],
  ): Promise<AttentionRow[]> {
    const rows = await this.db.rows(
      ATTENTION_DUE_ON({ partnerId, today, deadlines: [...deadlines] }),
      readAttentionRow,
    );
    return rows.map((row) => row.entity);
  }

  /** One page of the needs-attention list, its total exact; cursors bound to the partner. */
  attentionPage(
    partnerId: string,
    today: string,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<AttentionRow>> {
    return keysetPage(undefined, {
      list: NEEDS_ATTENTION_LIST,
      query,
      codec,
      boundTo: partnerId,
      // Exact from the counters, never counted (`attentionTotal`).
      total: { exactly: () => this.attentionTotal(partnerId, today), otherwise: 'exact' },
      fetch: (request) => this.attentionFetch(partnerId, today, request),
    });
  }

  private async attentionTotal(partnerId: string, today: string): Promise<number> {
    return (await this.db.one(ATTENTION_TOTAL({ partnerId, today }), TOTAL.read)).total;
  }

  /**
   * The rows of the list past the request's boundary: up to `count` of each source, merged in the
   * list's order (the key as PostgreSQL orders it: `-infinity` before every day, days as their ISO
   * text, ids as their text, which orders UUIDs as PostgreSQL does), the first `count` kept.
   */
  private async attentionFetch(
    partnerId: string,
    today: string,
    request: KeysetRequest,
  ): Promise<Array<KeyedRow<AttentionRow>>> {
    if (request.offset) throw new Error('The needs-attention list is read by pages only');
    const descending = request.sort.descending !== request.backwards;
    const { boundary, count } = request;
    const values: AttentionValues = {
      partnerId,
      today,
      afterKey: boundary?.sortKey,
      afterId: boundary?.id,
      count,
    };
    const fetched = await Promise.all(
      ATTENTION_FETCHES.map(async (fetches) => {
        const order = descending ? fetches.descending : fetches.ascending;
        const statement = boundary === undefined ? order.first : order.past;
        return this.db.rows(statement(values), readAttentionRow);
      }),
    );
    const direction = descending ? -1 : 1;
    return fetched
      .flat()
      .sort((a, b) => direction * compareKeys(a.key, b.key))
      .slice(0, count);
  }

  async kpiFigures(partnerId: string, days: KpiDays): Promise<KpiFigures> {
    const figures = await this.db.one(
      KPI_FIGURES({
        partnerId,
        open: OPEN_CLAIM_STATUSES,
        member: MEMBER_AWAITING_STATUSES,
        staff: STAFF_AWAITING_STATUSES,
        ...days,
      }),
      KPI.read,
    );
    return {
      openClaims: figures.openClaims,
      openClaimsPrevious: figures.openClaims - figures.openChange,
      openAmount: figures.openAmount,
      openAmountPrevious: figures.openAmount - figures.openAmountChange,
      awaitingMember: figures.awaitingMember,
      awaitingStaff: figures.awaitingStaff,
      approved: figures.approved,
      approvedPrevious: figures.approvedPrevious,
      paid: figures.paid,
      paidPrevious: figures.paidPrevious,
      units: figures.units,
      unitsPrevious: figures.units - figures.unitsChange,
      value: figures.value,
      valuePrevious: figures.value - figures.valueChange,
      lowStock: figures.lowStock,
      outOfStock: figures.outOfStock,
    };
  }

  recentActivity(partnerId: string, limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityRow[]> {
    return this.db.rows(RECENT_ACTIVITY({ partnerId, limit }), readActivityRow);
  }
}

function compareKeys(a: RowKey, b: RowKey): number {
  const day = (key: RowKey) => (key.sortKey === '-infinity' ? '' : key.sortKey);
  const byDay = day(a) < day(b) ? -1 : day(a) > day(b) ? 1 : 0;
  if (byDay !== 0) return byDay;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function itemOf(id: string | null, sku: string | null, name: string | null): ItemRef | null {
  return id === null || sku === null || name === null ? null : { id, sku, name };
}

/** A needs-attention row with its key (its deadline and id as PostgreSQL prints them). */
function readAttentionRow(raw: Record<string, unknown>): KeyedRow<AttentionRow> {
  const row: AttentionSelected = ATTENTION.read(raw);
  const { id, deadline, itemId } = row;
  const key = { sortKey: deadline, id };
  const item = itemOf(itemId, row.itemSku, row.itemName);
  if (row.source === 'claim') {
    if (row.claimNumber === null || row.claimType === null || row.claimStatus === null) {
      throw new Error('A claim of the needs-attention list without its number, type or status');
    }
    return {
      key,
      entity: {
        source: 'claim',
        id,
        deadline,
        claim: {
          number: row.claimNumber,
          type: row.claimType as ClaimType,
          status: row.claimStatus as ClaimStatus,
        },
        item,
      },
    };
  }
  if (itemId === null) throw new Error('An unclaimed movement without its item');
  if (row.movementKind === null || row.movementQuantity === null || row.occurredAt === null) {
    throw new Error('An unclaimed movement without its kind, quantity or time');
  }
  return {
    key,
    entity: {
      source: 'movement',
      id,
      deadline,
      movement: {
        itemId,
        kind: row.movementKind as 'loss' | 'damage',
        quantity: row.movementQuantity,
        occurredAt: row.occurredAt,
      },
      item,
    },
  };
}

function readActivityRow(raw: Record<string, unknown>): ActivityRow {
  const row: ActivitySelected = ACTIVITY.read(raw);
  const item = itemOf(row.itemId, row.itemSku, row.itemName);
  if (row.source === 'movement') {
    if (row.quantity === null)
      throw new Error('A movement of recent activity without its quantity');
    return {
      source: 'movement',
      id: row.id,
      at: row.at,
      kind: row.kind as MovementKind,
      quantity: row.quantity,
      item,
    };
  }
  const { claimId, claimNumber, claimStatus } = row;
  if (claimId !== null && (claimNumber === null || claimStatus === null)) {
    throw new Error('A claim of recent activity without its number or status');
  }
  return {
    source: 'event',
    id: row.id,
    at: row.at,
    kind: row.kind as 'created' | 'transition' | 'comment' | 'edit' | 'attachment',
    fromStatus: row.fromStatus as ClaimStatus | null,
    toStatus: row.toStatus as ClaimStatus | null,
    body: row.body,
    actorName: row.actorName,
    claim:
      claimId === null || claimNumber === null || claimStatus === null
        ? null
        : { id: claimId, number: claimNumber, status: claimStatus as ClaimStatus },
    item,
  };
}
