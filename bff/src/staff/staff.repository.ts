import { Injectable } from '@nestjs/common';
import { Claim } from '#src/claims/claim.entity.js';
import type { ClaimType } from '#src/claims/claim-lifecycle.js';
import { OPEN_CLAIM_STATUSES } from '#src/claims/claim-lifecycle.js';
import { parseClaimNumber } from '#src/claims/claim-number.js';
import { CLAIM, CLAIM_TABLES, CLAIMS } from '#src/claims/claims.repository.js';
import { MAX_EXPORT_ROWS } from '#src/common/export.js';
import {
  type CountPolicy,
  DeclaredListQuery,
  countTotal,
  keysetFetch,
  type KeysetFetched,
  keysetPage,
  keysetRows,
  type ListTotal,
  type ListCondition,
  type ListCursorCodec,
  type ListFrom,
  type ListQuery,
  type Page,
} from '#src/common/list/index.js';
import { itemSearchText, likeSubstring } from '#src/common/search-text.js';
import { crossTenantRead } from '#src/database/cross-tenant.js';
import { Database } from '#src/database/database.js';
import { raw, sql } from '#src/database/sql.js';
import { fields, isoTimestampSql, read, selection } from '#src/database/table.js';
import { Partner, type PartnerStatus } from '#src/partners/partner.entity.js';
import {
  QUEUE_STATUSES,
  type QueueStatus,
  STAFF_CLAIM_LIST,
  STAFF_PARTNER_LIST,
} from './staff.lists.js';

/**
 * The staff workspace's reads across partners (docs/product.md §3a): each declared as a cross-tenant
 * read (`database/cross-tenant.ts`), the one explicit exception to tenant scoping, served only behind
 * the staff routes' guard (`staff-only.guard.ts`).
 */
const QUEUE_READ = crossTenantRead('staff-queue');
const SUMMARY_READ = crossTenantRead('staff-summary');
const DIRECTORY_READ = crossTenantRead('staff-partners');

/** What narrows the queue (docs/api.md: `?status&partner&type&assignee&q&minAmount&maxAmount&overdue`). */
export interface QueueFilters {
  /** One or both waiting statuses; both when the query names none. */
  statuses: readonly QueueStatus[];
  partnerSlug?: string;
  type?: ClaimType;
  /** `none`: unassigned; otherwise the assignee's user id (the caller's for `me`). */
  assignee?: { none: true } | { userId: string };
  q?: string;
  /** Minor units of the claim's currency. */
  minAmount?: number;
  maxAmount?: number;
  /** Waiting since before `before` (overdue), or since then (not). */
  overdue?: { before: Date; overdue: boolean };
}

/** What the queue's total is counted on (`StaffRepository.queueCounted`). */
const COUNTED_CLAIM = fields({ id: ['c.id', read.text] });

/** The partner of a claim of the queue. */
const QUEUE_JOINED = fields({
  partnerSlug: ['p.slug', read.text],
  partnerName: ['p.name', read.text],
});

/** A claim of the queue: the claim as the API shows it, and its partner. */
const QUEUE_CLAIM = selection(CLAIM, QUEUE_JOINED);
export type QueueClaimRecord = ReturnType<typeof QUEUE_CLAIM.read>;

/**
 * The queue's CSV columns: the claim's own columns, its item, creator, assignee and partner; never a
 * timeline event (an internal note stays out of every export).
 */
const EXPORTED_QUEUE_CLAIM = selection(
  CLAIMS.select('c', undefined, { times: 'iso' }),
  fields({
    itemSku: ['i.sku', read.nullable(read.text)],
    itemName: ['i.name', read.nullable(read.text)],
    createdByName: ['u.name', read.nullable(read.text)],
    assigneeName: [
      `CASE WHEN c.assignee_user_id IS NULL THEN NULL
         ELSE (SELECT ua.name FROM users ua WHERE ua.id = c.assignee_user_id) END`,
      read.nullable(read.text),
    ],
  }),
  QUEUE_JOINED,
);
export type ExportedQueueClaimRecord = ReturnType<typeof EXPORTED_QUEUE_CLAIM.read>;

/**
 * The waiting statuses as constant SQL: the queue's partial indexes are `WHERE status IN ('submitted',
 * 'in_review')`, and the planner uses one only when it can prove the statement's condition implies that
 * (a parameter it cannot: each subset is its own constant condition).
 */
function statusCondition(statuses: readonly QueueStatus[]): ListCondition {
  const chosen = QUEUE_STATUSES.filter((status) => statuses.includes(status));
  if (chosen.length === 1) return { sql: `c.status = '${chosen[0]}'` };
  return { sql: `c.status IN (${QUEUE_STATUSES.map((status) => `'${status}'`).join(', ')})` };
}

/** The queue's filters as declared conditions: constant SQL, the values as parameters. */
function queueConditions(filters: QueueFilters): ListCondition[] {
  const conditions = [statusCondition(filters.statuses)];
  if (filters.partnerSlug !== undefined) {
    conditions.push({
      sql: 'c.partner_id = (SELECT sp.id FROM partners sp WHERE sp.slug = :partnerSlug)',
      parameters: { partnerSlug: filters.partnerSlug },
    });
  }
  if (filters.type !== undefined) {
    conditions.push({ sql: 'c.type = :type', parameters: { type: filters.type } });
  }
  if (filters.assignee !== undefined) {
    conditions.push(
      'none' in filters.assignee
        ? { sql: 'c.assignee_user_id IS NULL' }
        : {
            sql: 'c.assignee_user_id = :assigneeId',
            parameters: { assigneeId: filters.assignee.userId },
          },
    );
  }
  if (filters.q !== undefined) {
    const number = parseClaimNumber(filters.q);
    // The items through the inventory's trigram index, the partners by name (a few thousand rows).
    const text = `c.item_id IN (SELECT si.id FROM inventory_items si WHERE ${itemSearchText('si')} ILIKE :search)
      OR c.partner_id IN (SELECT sn.id FROM partners sn WHERE sn.name ILIKE :search)`;
    const search = likeSubstring(filters.q);
    if (number !== undefined && /^clm/i.test(filters.q)) {
      conditions.push({ sql: 'c.number = :number', parameters: { number } });
    } else if (number !== undefined) {
      conditions.push({ sql: `(c.number = :number OR ${text})`, parameters: { number, search } });
    } else {
      conditions.push({ sql: `(${text})`, parameters: { search } });
    }
  }
  if (filters.minAmount !== undefined) {
    conditions.push({
      sql: 'c.amount_claimed >= :minAmount',
      parameters: { minAmount: String(filters.minAmount) },
    });
  }
  if (filters.maxAmount !== undefined) {
    conditions.push({
      sql: 'c.amount_claimed <= :maxAmount',
      parameters: { maxAmount: String(filters.maxAmount) },
    });
  }
  if (filters.overdue !== undefined) {
    conditions.push({
      sql: filters.overdue.overdue
        ? 'c.waiting_since < :overdueBefore'
        : 'c.waiting_since >= :overdueBefore',
      parameters: { overdueBefore: filters.overdue.before.toISOString() },
    });
  }
  return conditions;
}

/**
 * `total` of the queue when claim_counts cannot answer it: counted while the planner expects at most
 * 10,000 rows at a cost of at most 2,000, otherwise estimated (`totalExact: false`), as the claims list.
 */
const QUEUE_TOTAL = { estimateAbove: 10_000, maxCountCost: 2_000 } satisfies CountPolicy;

/** How long the queue's estimated size is reused (`StaffRepository.estimate`). */
const ESTIMATE_TTL_MS = 10_000;

/** A partner of the directory: its row, its open and waiting claims, its oldest waiting claim. */
const DIRECTORY_PARTNER = fields({
  slug: ['p.slug', read.text],
  name: ['p.name', read.text],
  status: ['p.status', read.text as (value: unknown, name: string) => PartnerStatus],
  // claim_counts (kept by triggers): a primary-key range of the partner, however many claims.
  openClaims: [
    `(SELECT coalesce(sum(cc.claim_count), 0)::integer FROM claim_counts cc
       WHERE cc.partner_id = p.id AND cc.status IN (${OPEN_CLAIM_STATUSES.map((status) => `'${status}'`).join(', ')}))`,
    read.integer,
  ],
  waitingClaims: [
    `(SELECT coalesce(sum(cw.claim_count), 0)::integer FROM claim_counts cw
       WHERE cw.partner_id = p.id AND cw.status IN ('submitted', 'in_review'))`,
    read.integer,
  ],
  // The first entry of the partner in claims_queue_partner_idx.
  oldestWaitingSince: [
    isoTimestampSql(`(SELECT min(cq.waiting_since) FROM claims cq
       WHERE cq.partner_id = p.id AND cq.status IN ('submitted', 'in_review'))`),
    read.nullable(read.text),
  ],
});
export type DirectoryPartnerRecord = ReturnType<typeof DIRECTORY_PARTNER.read>;

/** The summary above the queue (docs/api.md, `GET /api/staff/summary`). */
export interface QueueSummary {
  waiting: number;
  overdue: number;
  oldestWaitingSince: string | null;
  decidedLast7Days: number;
  /** Days, unrounded; null when nothing was decided. */
  medianDaysToDecision30d: number | null;
}

/** The queue's tables: a claim's (`CLAIM_TABLES`) and its partner `p`. */
const QUEUE_TABLES: ListFrom = {
  ...CLAIM_TABLES,
  joins: [
    ...(CLAIM_TABLES.joins ?? []),
    { join: 'inner', table: 'partners', alias: 'p', on: 'p.id = c.partner_id' },
  ],
};

/** Every statement of the staff workspace's lists and summary. */
@Injectable()
export class StaffRepository {
  /**
   * The whole queue's estimated size and when it was read: `pg_class.reltuples` changes only when
   * VACUUM or ANALYZE counts the index, so it is read at most every ESTIMATE_TTL_MS, not on every page.
   */
  private estimate: { value: number; readAt: number } | undefined;

  constructor(private readonly db: Database) {}

  /** The waiting claims of every partner that pass the filters, unordered, declared. */
  private queue(filters: QueueFilters, columns: 'list' | 'export'): DeclaredListQuery<Claim> {
    return new DeclaredListQuery({
      statement: `staff-queue:${columns}`,
      dataSource: this.db.dataSource,
      select: columns === 'list' ? QUEUE_CLAIM : EXPORTED_QUEUE_CLAIM,
      from: QUEUE_TABLES,
      conditions: queueConditions(filters),
      crossTenant: QUEUE_READ,
    });
  }

  /**
   * The filtered queue's claims alone, no join and no joined column: what its total is counted or
   * estimated on (the conditions read `c` and their own subqueries only), a far smaller statement to
   * plan and run than the page's.
   */
  private queueCounted(filters: QueueFilters): DeclaredListQuery<Claim> {
    return new DeclaredListQuery({
      statement: 'staff-queue:counted',
      dataSource: this.db.dataSource,
      select: COUNTED_CLAIM,
      from: { table: 'claims', alias: 'c' },
      conditions: queueConditions(filters),
      crossTenant: QUEUE_READ,
    });
  }

  /**
   * One page of the queue (keyset, STAFF_CLAIM_LIST); its cursors are the queue's alone. The page's
   * total comes with its rows when a cheap source has it (`knownTotal`); otherwise it is counted or
   * estimated as the claims list's (`QUEUE_TOTAL`).
   */
  queuePage(
    filters: QueueFilters,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<QueueClaimRecord>> {
    const queue = this.queue(filters, 'list');
    return keysetPage(queue, {
      list: STAFF_CLAIM_LIST,
      query,
      codec,
      total: QUEUE_TOTAL,
      read: QUEUE_CLAIM.read,
      fetch: async (request): Promise<KeysetFetched<QueueClaimRecord>> => {
        const [rows, total] = await Promise.all([
          keysetFetch(queue, STAFF_CLAIM_LIST, request, QUEUE_CLAIM.read),
          this.knownTotal(filters),
        ]);
        return {
          rows,
          total: total ?? (await countTotal(this.queueCounted(filters), QUEUE_TOTAL)),
        };
      },
    });
  }

  /** Every claim of the filtered queue in its order (keyset batches), at most MAX_EXPORT_ROWS. */
  async *queueRows(
    filters: QueueFilters,
    sort: string | undefined,
  ): AsyncGenerator<ExportedQueueClaimRecord> {
    const rows = keysetRows(
      this.queue(filters, 'export'),
      STAFF_CLAIM_LIST,
      sort,
      500,
      EXPORTED_QUEUE_CLAIM.read,
    );
    let count = 0;
    for await (const claim of rows) {
      yield claim;
      count += 1;
      if (count >= MAX_EXPORT_ROWS) return;
    }
  }

  /**
   * The queue's total from a source cheaper than the queue, when one has it: one partner's claims
   * narrowed by nothing but status and type, exactly from claim_counts (kept by triggers per partner,
   * status and type: a primary-key range of the partner); the whole queue, unfiltered, estimated from
   * the size of `claims_queue_waiting_idx` as the last VACUUM or ANALYZE counted it (`totalExact:
   * false`), when that is above `QUEUE_TOTAL.estimateAbove`. Across partners claim_counts would read
   * a row per partner, status and type (80,000 rows at 10,000 partners cost more than the page), and
   * the planner's estimate plans the whole statement again (docs/performance.md, "Staff queue").
   * Undefined otherwise.
   */
  private async knownTotal(filters: QueueFilters): Promise<ListTotal | undefined> {
    const { partnerSlug, assignee, q, minAmount, maxAmount, overdue, type } = filters;
    const narrowed =
      assignee !== undefined ||
      q !== undefined ||
      minAmount !== undefined ||
      maxAmount !== undefined ||
      overdue !== undefined;
    if (narrowed) return undefined;
    if (partnerSlug !== undefined) {
      const total = await this.db.one(
        sql`SELECT coalesce(sum(cc.claim_count), 0)::integer AS total
              FROM claim_counts cc
             WHERE cc.partner_id = (SELECT sp.id FROM partners sp WHERE sp.slug = ${partnerSlug})
               AND cc.status = ANY(${[...filters.statuses]}::text[])
               AND (${type ?? null}::text IS NULL OR cc.type = ${type ?? null})`,
        (row) => read.integer(row.total, 'total'),
      );
      return { total, totalExact: true };
    }
    if (type !== undefined || filters.statuses.length !== QUEUE_STATUSES.length) return undefined;
    const estimate = await this.queueEstimate();
    return estimate > QUEUE_TOTAL.estimateAbove
      ? { total: estimate, totalExact: false }
      : undefined;
  }

  /** The size of `claims_queue_waiting_idx` as the last VACUUM or ANALYZE counted it (see `estimate`). */
  private async queueEstimate(): Promise<number> {
    const now = performance.now();
    if (this.estimate !== undefined && now - this.estimate.readAt < ESTIMATE_TTL_MS) {
      return this.estimate.value;
    }
    const value = await this.db.one(
      sql`SELECT greatest(c.reltuples, 0)::bigint AS estimate FROM pg_class c
           WHERE c.oid = 'claims_queue_waiting_idx'::regclass`,
      (row) => read.integer(row.estimate, 'estimate'),
    );
    this.estimate = { value, readAt: now };
    return value;
  }

  /**
   * The summary in one statement, each part a few thousand rows at most (docs/performance.md, "Staff
   * queue"): waiting and overdue from `claim_waiting_hours` (kept by triggers: the waiting claims per
   * UTC hour of `waiting_since`), overdue's hour of the cut-off itself a range of
   * `claims_queue_waiting_idx`; the oldest its first entry; decisions from `claims_decided_at_idx`
   * alone, which holds each decision's duration as the median's `ORDER BY` computes it (the same
   * expression, cast to double precision by `percentile_cont`: a different one would be computed again
   * for every decision, migration 1797000000000).
   */
  summary(now: Date, overdueBefore: Date): Promise<QueueSummary> {
    const day = 24 * 60 * 60 * 1000;
    const since7 = new Date(now.getTime() - 7 * day);
    const since30 = new Date(now.getTime() - 30 * day);
    return this.db.one(
      sql`${SUMMARY_READ.mark}WITH cut_off AS (
              SELECT ${overdueBefore}::timestamptz AS at,
                     date_trunc('hour', ${overdueBefore}::timestamptz, 'UTC') AS hour
            ), hours AS (
              SELECT coalesce(sum(w.claim_count), 0)::bigint AS waiting,
                     coalesce(sum(w.claim_count) FILTER (WHERE w.hour < k.hour), 0)::bigint AS overdue
                FROM claim_waiting_hours w CROSS JOIN cut_off k
            )
          SELECT
            h.waiting,
            h.overdue + (SELECT count(*) FROM claims c
              WHERE c.status IN ('submitted', 'in_review')
                AND c.waiting_since >= k.hour AND c.waiting_since < k.at) AS overdue,
            (SELECT ${raw(isoTimestampSql('min(c.waiting_since)'))} FROM claims c
              WHERE c.status IN ('submitted', 'in_review')) AS oldest,
            (SELECT count(*) FROM claims c
              WHERE c.decided_at >= ${since7} AND c.decided_at <= ${now}) AS decided7,
            (SELECT percentile_cont(0.5) WITHIN GROUP (
                      ORDER BY extract(epoch FROM c.decided_at - c.submitted_at))
               FROM claims c
              WHERE c.decided_at >= ${since30} AND c.decided_at <= ${now}
                AND c.submitted_at IS NOT NULL) AS median_seconds
            FROM hours h CROSS JOIN cut_off k`,
      (row) => {
        const median = read.nullable(read.present)(row.median_seconds, 'median_seconds');
        return {
          waiting: read.integer(row.waiting, 'waiting'),
          overdue: read.integer(row.overdue, 'overdue'),
          oldestWaitingSince: read.nullable(read.text)(row.oldest, 'oldest'),
          decidedLast7Days: read.integer(row.decided7, 'decided7'),
          medianDaysToDecision30d: median === null ? null : Number(median) / 86_400,
        };
      },
    );
  }

  /** The partners that pass the search, declared. */
  private directory(q: string | undefined): DeclaredListQuery<Partner> {
    return new DeclaredListQuery({
      statement: 'staff-partners',
      dataSource: this.db.dataSource,
      select: DIRECTORY_PARTNER,
      from: { table: 'partners', alias: 'p' },
      conditions:
        q === undefined
          ? []
          : [
              {
                sql: '(p.name ILIKE :search OR p.slug ILIKE :search)',
                parameters: { search: likeSubstring(q) },
              },
            ],
      crossTenant: DIRECTORY_READ,
    });
  }

  /** One page of the partner directory (keyset, STAFF_PARTNER_LIST). */
  partnerPage(
    q: string | undefined,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<DirectoryPartnerRecord>> {
    return keysetPage(this.directory(q), {
      list: STAFF_PARTNER_LIST,
      query,
      codec,
      total: 'exact',
      read: DIRECTORY_PARTNER.read,
    });
  }
}
