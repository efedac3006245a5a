import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type CountPolicy,
  type KeysetFetched,
  type KeysetRequest,
  keysetFetch,
  keysetFetchCounted,
  keysetPage,
  keysetRows,
  DeclaredListQuery,
  fromClause,
  type ListCondition,
  type ListCursorCodec,
  type ListFrom,
  type ListQuery,
  type Page,
} from '../common/list/index.js';
import { keyActorNameSql } from '../api-keys/api-keys.repository.js';
import { movementDaySql } from '../common/partner-day.js';
import { Database } from '../database/database.js';
import { join, raw, sql, type Sql } from '../database/sql.js';
import {
  fields,
  isoTimestampSql,
  read,
  type Row,
  selection,
  table,
  type ValueReader,
} from '../database/table.js';
import { MAX_EXPORT_ROWS } from '../common/export.js';
import { constraintOf, sqlStateOf } from '../common/outage.js';
import { itemSearchText, likeSubstring } from '../common/search-text.js';
import { Claim } from './claim.entity.js';
import { ClaimEvent, type ClaimEventKind, STAFF_ONLY_EVENT_KINDS } from './claim-event.entity.js';
import {
  type AttachmentContentType,
  CLAIM_LIFECYCLE,
  CLAIM_STATUSES,
  CLAIM_TYPES,
  type ClaimStatus,
  type ClaimType,
  PARTNER_TRANSITIONS,
  STAFF_ACTIONS,
  TERMINAL_STATUSES,
} from './claim-lifecycle.js';
import type { MovementKind } from '../inventory/inventory-movement.entity.js';
import { parseClaimNumber } from './claim-number.js';
import { CLAIM_EVENT_LIST, CLAIM_LIST, CLAIM_MATCHES_ORDER } from './claims.lists.js';

/** The claims table and its events' (docs/decisions.md, Data layer). */
export const CLAIMS = table(Claim);
export const CLAIM_EVENTS = table(ClaimEvent);

/** A claim as the API shows it: its row, its item's SKU and name, its creator's name (`CLAIM`). */
export type ClaimRecord = ReturnType<typeof CLAIM.read>;

/** A claim as its CSV export shows it (`EXPORTED_CLAIM`). */
export type ExportedClaimRecord = ReturnType<typeof EXPORTED_CLAIM.read>;

/** The movement a claim stands for, as the claim shows it. */
export interface ClaimedMovement {
  id: string;
  kind: MovementKind;
  quantity: number;
  reference: string | null;
  occurredAt: string;
  /** `YYYY-MM-DD`: its day in the partner's time zone. */
  day: string;
}

/** An event of a claim's timeline (`CLAIM_EVENT`). */
export type ClaimEventRecord = ReturnType<typeof CLAIM_EVENT.read>;

/** What narrows the claims list (docs/api.md: `?q&status&type&from&to&itemId`). */
export interface ClaimFilters {
  q?: string;
  status?: ClaimStatus;
  type?: ClaimType;
  /** Filing days (created_at) in `timeZone`, inclusive. */
  from?: string;
  to?: string;
  itemId?: string;
  timeZone: string;
}

/** A new claim's row, checked against the item and movement. */
export interface NewClaim {
  type: ClaimType;
  itemId: string | null;
  movementId: string | null;
  quantity: number;
  unitValue: number;
  currency: string;
  incidentDate: string;
  description: string;
  reference: string | null;
  createdByUserId: string | null;
  /** The API key that files it, when no person does (docs/api.md, API keys). */
  createdByKeyId: string | null;
  at: Date;
}

/** The fields of a draft an edit sets (all of them: the edit's merge of the body over the draft). */
export type DraftFields = Pick<
  NewClaim,
  | 'type'
  | 'itemId'
  | 'movementId'
  | 'quantity'
  | 'unitValue'
  | 'incidentDate'
  | 'description'
  | 'reference'
>;

/** The one guarded statement of a lifecycle action (see `transition`). */
export interface TransitionStatement {
  from: readonly ClaimStatus[];
  to: ClaimStatus;
  /** The versions the change may be based on (If-Match). */
  versions: readonly number[];
  at: Date;
  submitted?: boolean;
  decided?: { reason: string | null };
  amountApproved?: number;
  /**
   * An approval that may need a second one (docs/product.md §3a; the lifecycle's `secondApproval`):
   * above `thresholdMinor` with nothing pending it records a pending approval by `actor` (the status
   * stays); with one pending, only another staff member completes it, with at most its amount.
   */
  secondApproval?: { thresholdMinor: number; actor: string };
  payoutReference?: string;
  /**
   * A staff action: the staff user taking it, who must not be separated from the claim (its creator,
   * an actor on it for the partner, a member of the partner: docs/product.md §3a), checked in the
   * statement itself so that no change between a read and the statement lets it pass.
   */
  staffActor?: string;
  /** Submit: the claim is complete (the filing window from `earliest` to `today`, its evidence). */
  complete?: {
    earliest: string;
    today: string;
    evidence: Readonly<Record<ClaimType, readonly AttachmentContentType[] | null>>;
  };
}

/** An item a claim may be filed for; a movement it may be filed from. */
export interface ClaimableItem {
  id: string;
  unitValue: number;
}
export interface ClaimableMovement {
  id: string;
  itemId: string;
  kind: string;
  quantity: number;
  /** `YYYY-MM-DD`: the day it happened in the partner's time zone. */
  day: string;
}

/** PostgreSQL's unique_violation, and the index of one holding claim per movement. */
const UNIQUE_VIOLATION = '23505';
const MOVEMENT_KEY = 'claims_movement_id_key';

/** Is this the error of a second claim standing for one movement? */
export function isMovementAlreadyClaimed(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION && constraintOf(error) === MOVEMENT_KEY;
}

/**
 * `total` of a list when claim_counts cannot answer it: counted while the planner expects at most
 * 10,000 rows at a cost of at most 2,000 (about a page), otherwise estimated (`totalExact: false`),
 * like the inventory list.
 */
export const CLAIM_TOTAL = { estimateAbove: 10_000, maxCountCost: 2_000 } satisfies CountPolicy;

/** See `ClaimsRepository.page`: up to this many matches are read through their indexes and sorted. */
export const FEW_MATCHES = 1_000;

/** SQL literals of constants (the lifecycle's words: no input reaches them). */
const sqlList = (values: readonly string[]): string =>
  values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

/** The statuses a staff action leaves (separation of duties reads who acted on these only). */
const STAFF_ACTIONABLE_SQL = sqlList([
  ...new Set(
    CLAIM_LIFECYCLE.filter((row) => STAFF_ACTIONS.includes(row.action)).flatMap((row) => row.from),
  ),
]);
const PARTNER_TRANSITIONS_SQL = sqlList(PARTNER_TRANSITIONS);
const STAFF_ONLY_EVENT_KINDS_SQL = sqlList(STAFF_ONLY_EVENT_KINDS);

/** What a transition statement did (`ClaimsRepository.transition`). */
export interface TransitionOutcome {
  /** The status it left; null when a concurrent change slipped in (the caller tries again). */
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus;
  /** It recorded a pending first approval (docs/product.md §3a): the status stayed. */
  pendingApproval: boolean;
}

/** SQL: the event `e` is one its actor took on the claim for the partner (docs/product.md §3a). */
const PARTNER_SIDE_EVENT_SQL = (e: string) =>
  `(${e}.kind IN ('created', 'edit', 'attachment')
    OR (${e}.kind = 'transition' AND ${e}.from_status || '>' || ${e}.to_status IN (${PARTNER_TRANSITIONS_SQL})))`;

/**
 * SQL: the user `userId` may take a staff action on the claim `c` (docs/product.md §3a): not its
 * creator, no partner-side event of theirs on it, not a member of its partner.
 */
function unseparated(c: string, userId: string): Sql {
  const user = sql`${userId}::uuid`;
  return sql`(${raw(c)}.created_by_user_id IS DISTINCT FROM ${user}
    AND NOT EXISTS (SELECT 1 FROM claim_events se
      WHERE se.partner_id = ${raw(c)}.partner_id AND se.claim_id = ${raw(c)}.id
        AND se.actor_user_id = ${user} AND ${raw(PARTNER_SIDE_EVENT_SQL('se'))})
    AND NOT EXISTS (SELECT 1 FROM memberships sm
      WHERE sm.partner_id = ${raw(c)}.partner_id AND sm.user_id = ${user}))`;
}

/** A movement as the claim shows it, read from its JSON object (`CLAIM_JOINED.movement`). */
const readMovement: ValueReader<ClaimedMovement | null> = read.nullable((value, name) => {
  if (typeof value !== 'object' || value === null) throw new Error(`${name} is not an object`);
  const movement = value as Record<string, unknown>;
  return {
    id: read.text(movement.id, `${name}.id`),
    kind: read.text(movement.kind, `${name}.kind`) as MovementKind,
    quantity: read.integer(movement.quantity, `${name}.quantity`),
    reference: read.nullable(read.text)(movement.reference, `${name}.reference`),
    occurredAt: read.text(movement.occurredAt, `${name}.occurredAt`),
    day: read.text(movement.day, `${name}.day`),
  };
});

/**
 * What a claim's statements join to its row (`claims c` with its item `i`, movement `m` and creator
 * `u`, `CLAIM_FROM`). Evidence types only for drafts: one index range of `claim_attachments_claim_idx`
 * per draft, nothing for the others. The users who acted on it for the partner only while staff may
 * still act on it (separation of duties, docs/product.md §3a).
 */
const CLAIM_JOINED = fields({
  itemSku: ['i.sku', read.nullable(read.text)],
  itemName: ['i.name', read.nullable(read.text)],
  createdByName: [
    `COALESCE(u.name, ${keyActorNameSql('c.partner_id', 'c.created_by_key_id')})`,
    read.nullable(read.text),
  ],
  /** The movement it stands for, its day in the partner's time zone (docs/api.md, Claim). */
  movement: [
    `CASE WHEN m.id IS NULL THEN NULL ELSE json_build_object('id', m.id, 'kind', m.kind,
       'quantity', m.quantity, 'reference', m.reference, 'occurredAt', ${isoTimestampSql('m.occurred_at')},
       'day', ${movementDaySql('m')}) END`,
    readMovement,
  ],
  evidenceTypes: [
    `CASE WHEN c.status = 'draft' THEN ARRAY(SELECT DISTINCT a.content_type FROM claim_attachments a
       WHERE a.partner_id = c.partner_id AND a.claim_id = c.id) ELSE '{}'::text[] END`,
    read.textArray as ValueReader<AttachmentContentType[]>,
  ],
  /** Staff only (the mapper leaves them out for anyone else): the assignee, the first approver. */
  assigneeName: [
    `CASE WHEN c.assignee_user_id IS NULL THEN NULL
       ELSE (SELECT ua.name FROM users ua WHERE ua.id = c.assignee_user_id) END`,
    read.nullable(read.text),
  ],
  pendingApprovalByName: [
    `CASE WHEN c.pending_approval_by_user_id IS NULL THEN NULL
       ELSE (SELECT up.name FROM users up WHERE up.id = c.pending_approval_by_user_id) END`,
    read.nullable(read.text),
  ],
  partnerActorIds: [
    `CASE WHEN c.status IN (${STAFF_ACTIONABLE_SQL}) THEN ARRAY(SELECT DISTINCT pe.actor_user_id::text
       FROM claim_events pe WHERE pe.partner_id = c.partner_id AND pe.claim_id = c.id
        AND pe.actor_user_id IS NOT NULL AND ${PARTNER_SIDE_EVENT_SQL('pe')})
     ELSE '{}'::text[] END`,
    read.textArray,
  ],
});

/**
 * `claims c` and what CLAIM_JOINED reads beside it (item `i`, movement `m`, creator `u`): the tables
 * of the list (`DeclaredListQuery`) and, as `CLAIM_FROM`, of every statement of a claim.
 */
export const CLAIM_TABLES: ListFrom = {
  table: 'claims',
  alias: 'c',
  joins: [
    {
      join: 'left',
      table: 'inventory_items',
      alias: 'i',
      on: 'i.partner_id = c.partner_id AND i.id = c.item_id',
    },
    {
      join: 'left',
      table: 'inventory_movements',
      alias: 'm',
      on: 'm.partner_id = c.partner_id AND m.id = c.movement_id',
    },
    { join: 'left', table: 'users', alias: 'u', on: 'u.id = c.created_by_user_id' },
  ],
};
const CLAIM_FROM = raw(fromClause(CLAIM_TABLES));

/** The claim's columns as the API shows them: every column of the table (a new one included), times as ISO text. */
const CLAIM_COLUMNS = CLAIMS.select('c', undefined, { times: 'iso' });

/**
 * A claim as the API shows it: the list's rows, the one claim's, the staff queue's (with `CLAIM_TABLES`
 * and the partner as its tables).
 */
export const CLAIM = selection(CLAIM_COLUMNS, CLAIM_JOINED);

/** The export's columns (docs/api.md, claims CSV): no movement, evidence or actors. */
const EXPORTED_CLAIM = selection(
  CLAIM_COLUMNS,
  fields({
    itemSku: ['i.sku', read.nullable(read.text)],
    itemName: ['i.name', read.nullable(read.text)],
    createdByName: [
      `COALESCE(u.name, ${keyActorNameSql('c.partner_id', 'c.created_by_key_id')})`,
      read.nullable(read.text),
    ],
  }),
);

/** An event as the timeline shows it: its row, its actor's name, the claim's amount and reference. */
const CLAIM_EVENT = selection(
  CLAIM_EVENTS.select(
    'e',
    ['id', 'kind', 'actorUserId', 'actorKeyId', 'fromStatus', 'toStatus', 'body', 'at'],
    { times: 'iso' },
  ),
  // An approval and a payment happen once in a claim's life: the claim holds their amount and reference.
  fields({
    actorName: [
      `COALESCE(u.name, ${keyActorNameSql('e.partner_id', 'e.actor_key_id')})`,
      read.nullable(read.text),
    ],
    amountApproved: [
      `CASE WHEN e.kind = 'transition' AND e.to_status = 'approved' THEN c.amount_approved END`,
      read.nullable(read.integer),
    ],
    payoutReference: [
      `CASE WHEN e.kind = 'transition' AND e.to_status = 'paid' THEN c.payout_reference END`,
      read.nullable(read.text),
    ],
    currency: ['c.currency', read.text],
  }),
);

/** `claim_events e` with its actor `u` and claim `c`: the timeline's tables (`CLAIM_EVENT_FROM`). */
const CLAIM_EVENT_TABLES: ListFrom = {
  table: 'claim_events',
  alias: 'e',
  joins: [
    { join: 'left', table: 'users', alias: 'u', on: 'u.id = e.actor_user_id' },
    {
      join: 'inner',
      table: 'claims',
      alias: 'c',
      on: 'c.partner_id = e.partner_id AND c.id = e.claim_id',
    },
  ],
};
const CLAIM_EVENT_FROM = raw(fromClause(CLAIM_EVENT_TABLES));

/**
 * The list's filters as declared conditions (`ClaimsRepository.filtered`): each condition's SQL is
 * constant, its values parameters. `plan`: see `filtered`.
 */
function claimConditions(filters: ClaimFilters, plan: 'walk' | 'matches'): ListCondition[] {
  const conditions: ListCondition[] = [];
  if (filters.q !== undefined) {
    const number = parseClaimNumber(filters.q);
    // The items are found through the inventory's trigram index (`inventory_items_search_trgm_idx`).
    const matchingItems = `SELECT si.id FROM inventory_items si WHERE si.partner_id = :partnerId AND ${itemSearchText('si')} ILIKE :search`;
    const items =
      plan === 'walk'
        ? `c.item_id IN (${matchingItems})`
        : `c.item_id = ANY(ARRAY(${matchingItems}))`;
    if (number !== undefined && /^clm/i.test(filters.q)) {
      conditions.push({ sql: 'c.number = :number', parameters: { number } });
    } else if (number !== undefined) {
      conditions.push({
        sql: `(c.number = :number OR ${items})`,
        parameters: { number, search: likeSubstring(filters.q) },
      });
    } else {
      conditions.push({ sql: items, parameters: { search: likeSubstring(filters.q) } });
    }
  }
  if (filters.status !== undefined) {
    conditions.push({ sql: 'c.status = :status', parameters: { status: filters.status } });
  }
  if (filters.type !== undefined) {
    conditions.push({ sql: 'c.type = :type', parameters: { type: filters.type } });
  }
  if (filters.itemId !== undefined) {
    conditions.push({ sql: 'c.item_id = :itemId', parameters: { itemId: filters.itemId } });
  }
  // Days of the partner's time zone: from its first instant, to the first instant of the next day.
  if (filters.from !== undefined) {
    conditions.push({
      sql: 'c.created_at >= (CAST(:from AS date)::timestamp AT TIME ZONE :timeZone)',
      parameters: { from: filters.from, timeZone: filters.timeZone },
    });
  }
  if (filters.to !== undefined) {
    conditions.push({
      sql: 'c.created_at < ((CAST(:to AS date) + 1)::timestamp AT TIME ZONE :timeZone)',
      parameters: { to: filters.to, timeZone: filters.timeZone },
    });
  }
  return conditions;
}

/**
 * Every statement on `claims`, `claim_events`, `claim_number_counters` and `claim_counts` (and the
 * blobs of a deleted draft's evidence). Tenant data: every method takes the partner id first, and
 * every statement is scoped by it.
 */
@Injectable()
export class ClaimsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * The partner's claims that pass the filters, unordered, with the list's or the export's columns
   * (`CLAIM`, `EXPORTED_CLAIM`), declared (SQL built once per shape, see DeclaredListQuery).
   * `plan`: `walk` to walk the list's order (the item search a hashed semi-join, a filter on each row
   * walked); `matches` to read the matches through their own indexes (the item search an array of the
   * items' ids, which `claims_item_idx` takes, beside the number's `claims_partner_id_number_key`).
   */
  filtered(
    partnerId: string,
    filters: ClaimFilters,
    plan: 'walk' | 'matches' = 'walk',
    columns: 'list' | 'export' = 'list',
  ): DeclaredListQuery<Claim> {
    return new DeclaredListQuery({
      statement: `claims:${columns}`,
      dataSource: this.db.dataSource,
      select: columns === 'list' ? CLAIM : EXPORTED_CLAIM,
      from: CLAIM_TABLES,
      conditions: [
        { sql: 'c.partner_id = :partnerId', parameters: { partnerId } },
        ...claimConditions(filters, plan),
      ],
    });
  }

  /**
   * One page of the list (keyset, CLAIM_LIST); cursors bound to the partner. The planner finds a rare
   * item search or an item's claims through their indexes by itself, but not a search by digits alone,
   * which is a claim number OR an item's text: it walks the list's order past every claim that does not
   * match. So for such a search the matches are counted first, up to `fewMatches` + 1, through their
   * own indexes (a BitmapOr of the number's and the items' indexes); that few are read that way, sorted
   * and counted exactly in the same statement; more are dense enough in the order to walk it (the
   * figures: docs/performance.md, "Claims at a million").
   */
  page(
    partnerId: string,
    filters: ClaimFilters,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ClaimRecord>> {
    const narrowed =
      filters.q !== undefined &&
      parseClaimNumber(filters.q) !== undefined &&
      !/^clm/i.test(filters.q);
    return keysetPage(this.filtered(partnerId, filters), {
      list: CLAIM_LIST,
      query,
      codec,
      boundTo: partnerId,
      total: { exactly: () => this.countedTotal(partnerId, filters), otherwise: CLAIM_TOTAL },
      read: CLAIM.read,
      ...(narrowed ? { fetch: (request) => this.narrowedRows(partnerId, filters, request) } : {}),
    });
  }

  /** How many matches a narrowed list reads through their indexes and sorts; the tests shrink it. */
  fewMatches = FEW_MATCHES;

  private async narrowedRows(
    partnerId: string,
    filters: ClaimFilters,
    request: KeysetRequest,
  ): Promise<KeysetFetched<ClaimRecord>> {
    const matches = this.filtered(partnerId, filters, 'matches');
    if ((await this.countUpTo(matches, this.fewMatches + 1)) <= this.fewMatches) {
      return keysetFetchCounted(matches, CLAIM_MATCHES_ORDER, request, CLAIM.read);
    }
    const walked = this.filtered(partnerId, filters);
    return { rows: await keysetFetch(walked, CLAIM_LIST, request, CLAIM.read) };
  }

  /** The rows of `query`, counted up to `limit` (a bounded read, whatever the query matches). */
  private async countUpTo(query: DeclaredListQuery<Claim>, limit: number): Promise<number> {
    const [row] = await query.around(
      (text) =>
        `SELECT count(*)::integer AS n FROM (SELECT 1 FROM (${text}) AS matched LIMIT ${limit}) AS bounded`,
    );
    return read.integer(row?.n ?? 0, 'n');
  }

  /** Every row of the list in its order (keyset batches), at most MAX_EXPORT_ROWS. */
  async *rows(
    partnerId: string,
    filters: ClaimFilters,
    sort: string | undefined,
  ): AsyncGenerator<ExportedClaimRecord> {
    const filtered = this.filtered(partnerId, filters, 'walk', 'export');
    let count = 0;
    for await (const claim of keysetRows(filtered, CLAIM_LIST, sort, 500, EXPORTED_CLAIM.read)) {
      yield claim;
      count += 1;
      if (count >= MAX_EXPORT_ROWS) return;
    }
  }

  /**
   * The exact number of claims when claim_counts holds it: no filter but status and type (one
   * primary-key range of the partner); undefined otherwise.
   */
  private async countedTotal(
    partnerId: string,
    filters: ClaimFilters,
  ): Promise<number | undefined> {
    const { q, from, to, itemId, status, type } = filters;
    if (q !== undefined || from !== undefined || to !== undefined || itemId !== undefined) {
      return undefined;
    }
    return this.db.one(
      sql`SELECT coalesce(sum(claim_count), 0)::integer AS total FROM claim_counts
           WHERE partner_id = ${partnerId} AND (${status ?? null}::text IS NULL OR status = ${status ?? null})
             AND (${type ?? null}::text IS NULL OR type = ${type ?? null})`,
      (row) => read.integer(row.total, 'total'),
    );
  }

  /**
   * The partner's claims per status and per type, every one of them (0 included), under the list's
   * other filters: the statuses' counts under every filter but the status, the types' under every
   * filter but the type (each tab counts what it would list). Without a search, an item or days,
   * claim_counts answers (one primary-key range); otherwise the matches are counted by status and type.
   */
  async facets(
    partnerId: string,
    filters: ClaimFilters,
  ): Promise<{
    statuses: Map<ClaimStatus, number>;
    types: Map<ClaimType, number>;
  }> {
    const { q, from, to, itemId } = filters;
    let rows: Array<{ status: ClaimStatus; type: ClaimType; count: number }>;
    if (q === undefined && from === undefined && to === undefined && itemId === undefined) {
      rows = await this.db.rows(
        sql`SELECT status, type, claim_count AS count FROM claim_counts WHERE partner_id = ${partnerId}`,
        readFacet,
      );
    } else {
      const matches = this.filtered(
        partnerId,
        { q, from, to, itemId, timeZone: filters.timeZone },
        'matches',
      );
      rows = (
        await matches.run('facets', (query) =>
          query
            .select('c.status', 'status')
            .addSelect('c.type', 'type')
            .addSelect('count(*)::integer', 'count')
            .groupBy('c.status')
            .addGroupBy('c.type'),
        )
      ).map(readFacet);
    }
    const statuses = new Map<ClaimStatus, number>(CLAIM_STATUSES.map((status) => [status, 0]));
    const types = new Map<ClaimType, number>(CLAIM_TYPES.map((type) => [type, 0]));
    for (const { status, type, count } of rows) {
      if (filters.type === undefined || filters.type === type) {
        statuses.set(status, (statuses.get(status) ?? 0) + count);
      }
      if (filters.status === undefined || filters.status === status) {
        types.set(type, (types.get(type) ?? 0) + count);
      }
    }
    return { statuses, types };
  }

  find(
    partnerId: string,
    claimId: string,
    manager?: EntityManager,
  ): Promise<ClaimRecord | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${CLAIM.list} FROM ${CLAIM_FROM} WHERE c.partner_id = ${partnerId} AND c.id = ${claimId}`,
      CLAIM.read,
      manager,
    );
  }

  /**
   * The partner's next claim number, in the creating transaction: the counter's row lock orders the
   * partner's concurrent creations, and a rollback takes the number back, so numbers are gap-free.
   */
  nextNumber(partnerId: string, manager: EntityManager): Promise<number> {
    return this.db.one(
      sql`INSERT INTO claim_number_counters (partner_id, last_number) VALUES (${partnerId}, 1)
          ON CONFLICT (partner_id) DO UPDATE SET last_number = claim_number_counters.last_number + 1
          RETURNING last_number`,
      (row) => read.integer(row.last_number, 'last_number'),
      manager,
    );
  }

  findItem(
    partnerId: string,
    itemId: string,
    manager: EntityManager,
  ): Promise<ClaimableItem | undefined> {
    return this.db.maybeOne(
      sql`SELECT id, unit_value AS "unitValue" FROM inventory_items
           WHERE partner_id = ${partnerId} AND id = ${itemId}`,
      (row) => ({
        id: read.text(row.id, 'id'),
        unitValue: read.integer(row.unitValue, 'unitValue'),
      }),
      manager,
    );
  }

  /** The movement and its day in the partner's time zone (`movementDaySql`). */
  findMovement(
    partnerId: string,
    movementId: string,
    manager: EntityManager,
  ): Promise<ClaimableMovement | undefined> {
    return this.db.maybeOne(
      sql`SELECT id, item_id, kind, quantity, ${raw(movementDaySql('inventory_movements'))} AS day
            FROM inventory_movements WHERE partner_id = ${partnerId} AND id = ${movementId}`,
      (row) => ({
        id: read.text(row.id, 'id'),
        itemId: read.text(row.item_id, 'item_id'),
        kind: read.text(row.kind, 'kind'),
        quantity: read.integer(row.quantity, 'quantity'),
        day: read.text(row.day, 'day'),
      }),
      manager,
    );
  }

  /** Inserts a draft (version 1) and its `created` event; the new claim's id. */
  async insert(
    partnerId: string,
    number: number,
    claim: NewClaim,
    manager: EntityManager,
  ): Promise<string> {
    // quantity × unit value, exact (a bigint: the product may pass int4).
    const amountClaimed = String(BigInt(claim.quantity) * BigInt(claim.unitValue));
    const id = await this.db.one(
      sql`INSERT INTO claims (partner_id, number, type, status, item_id, movement_id, quantity,
            unit_value, amount_claimed, currency, incident_date, description, reference,
            created_by_user_id, created_by_key_id, version, created_at, updated_at)
          VALUES (${partnerId}, ${number}, ${claim.type}, 'draft', ${claim.itemId}, ${claim.movementId},
            ${claim.quantity}, ${claim.unitValue}, ${amountClaimed}, ${claim.currency},
            ${claim.incidentDate}, ${claim.description}, ${claim.reference}, ${claim.createdByUserId},
            ${claim.createdByKeyId}, 1, ${claim.at}, ${claim.at})
          RETURNING id`,
      readId,
      manager,
    );
    await this.insertEvent(
      partnerId,
      id,
      {
        kind: 'created',
        actorUserId: claim.createdByUserId,
        actorKeyId: claim.createdByKeyId,
        at: claim.at,
      },
      manager,
    );
    return id;
  }

  /**
   * Sets a draft's fields: ONE statement guarded by partner, id, version and status; the amount follows
   * quantity × unit value. False when it touched no row (the caller reads the claim to say why).
   */
  async updateDraft(
    partnerId: string,
    claimId: string,
    version: number,
    fields: DraftFields,
    at: Date,
    manager: EntityManager,
  ): Promise<boolean> {
    const amountClaimed = String(BigInt(fields.quantity) * BigInt(fields.unitValue));
    const updated = await this.db.execute(
      sql`UPDATE claims SET type = ${fields.type}, item_id = ${fields.itemId},
            movement_id = ${fields.movementId}, quantity = ${fields.quantity},
            unit_value = ${fields.unitValue}, amount_claimed = ${amountClaimed},
            incident_date = ${fields.incidentDate}, description = ${fields.description},
            reference = ${fields.reference}, version = version + 1, updated_at = ${at}
          WHERE partner_id = ${partnerId} AND id = ${claimId} AND version = ${version}
            AND status = 'draft'`,
      manager,
    );
    return updated === 1;
  }

  /**
   * Deletes a draft: takes its row lock guarded by version and status (nothing is done when the guard
   * fails: false), reads its evidence's storage keys (after the lock, so an upload that committed
   * meanwhile is among them) and deletes it (its events and attachments' rows cascade). The storage
   * keys, for the evidence store to delete the bytes in the same transaction.
   */
  async deleteDraft(
    partnerId: string,
    claimId: string,
    version: number,
    manager: EntityManager,
  ): Promise<{ deleted: boolean; storageKeys: string[] }> {
    const locked = await this.db.execute(
      sql`SELECT id FROM claims
           WHERE partner_id = ${partnerId} AND id = ${claimId} AND version = ${version}
             AND status = 'draft'
          FOR UPDATE`,
      manager,
    );
    if (locked === 0) return { deleted: false, storageKeys: [] };
    const storageKeys = await this.db.rows(
      sql`SELECT storage_key FROM claim_attachments
           WHERE partner_id = ${partnerId} AND claim_id = ${claimId}`,
      (row) => read.text(row.storage_key, 'storage_key'),
      manager,
    );
    await this.db.execute(
      sql`DELETE FROM claims WHERE partner_id = ${partnerId} AND id = ${claimId}`,
      manager,
    );
    return { deleted: true, storageKeys };
  }

  /**
   * A lifecycle action as ONE statement: `UPDATE claims SET status, version + 1, … WHERE partner_id AND
   * id AND version AND status [AND what the action requires] RETURNING`, never read-then-write. The
   * status it left comes back with it (the row version before, seen by the statement's own snapshot);
   * undefined when it touched no row, or when that earlier version was not the one it changed (a
   * concurrent change between snapshot and lock: the caller tries again).
   */
  async transition(
    partnerId: string,
    claimId: string,
    statement: TransitionStatement,
    manager: EntityManager,
  ): Promise<TransitionOutcome | undefined> {
    // What the claim's decision sets: kept as they are by a first approval (`secondApproval`).
    const decision: Array<[string, Sql]> = [['status', sql`${statement.to}::text`]];
    const set: Sql[] = [sql`version = version + 1`, sql`updated_at = ${statement.at}`];
    const where: Sql[] = [
      sql`partner_id = ${partnerId}`,
      sql`id = ${claimId}`,
      sql`version = ANY(${[...statement.versions]}::integer[])`,
      sql`status = ANY(${[...statement.from]}::text[])`,
    ];
    if (statement.submitted === true) set.push(sql`submitted_at = ${statement.at}`);
    if (statement.decided !== undefined) {
      decision.push(
        ['decided_at', sql`${statement.at}::timestamptz`],
        ['decision_reason', sql`${statement.decided.reason}::text`],
      );
    }
    if (statement.amountApproved !== undefined) {
      const amount = statement.amountApproved;
      decision.push(['amount_approved', sql`${amount}::bigint`]);
      where.push(sql`${amount}::bigint BETWEEN 1 AND amount_claimed`);
    }
    const second = statement.secondApproval;
    if (second !== undefined && statement.amountApproved !== undefined) {
      // docs/product.md §3a, in the statement (never read-then-write): nothing pending and above the
      // threshold records the first approval; a pending one is completed by another staff member with
      // at most its amount (two racing to complete it: the version guard lets one through).
      const amount = statement.amountApproved;
      const actor = sql`${second.actor}::uuid`;
      const first = sql`(pending_approval_amount IS NULL AND ${amount}::bigint > ${second.thresholdMinor}::bigint)`;
      for (const [column, value] of decision) {
        set.push(sql`${raw(column)} = CASE WHEN ${first} THEN ${raw(column)} ELSE ${value} END`);
      }
      set.push(
        sql`pending_approval_by_user_id = CASE WHEN ${first} THEN ${actor} ELSE pending_approval_by_user_id END`,
        sql`pending_approval_amount = CASE WHEN ${first} THEN ${amount}::bigint ELSE pending_approval_amount END`,
        sql`pending_approval_at = CASE WHEN ${first} THEN ${statement.at}::timestamptz ELSE pending_approval_at END`,
      );
      where.push(
        sql`(pending_approval_amount IS NULL OR (pending_approval_by_user_id IS DISTINCT FROM ${actor}
          AND ${amount}::bigint <= pending_approval_amount))`,
      );
    } else {
      for (const [column, value] of decision) set.push(sql`${raw(column)} = ${value}`);
    }
    if (statement.payoutReference !== undefined) {
      set.push(sql`payout_reference = ${statement.payoutReference}`);
    }
    if (statement.staffActor !== undefined) {
      where.push(unseparated('claims', statement.staffActor));
    }
    if (statement.complete !== undefined) {
      const { earliest, today, evidence } = statement.complete;
      const window = sql`BETWEEN ${earliest}::date AND ${today}::date`;
      // A claim bound to a movement: the movement's own day only, whatever the row's incident date
      // says (a row written before incident dates followed their movement may be older).
      where.push(
        sql`((movement_id IS NULL AND incident_date ${window})
          OR (movement_id IS NOT NULL AND EXISTS (SELECT 1 FROM inventory_movements m
           WHERE m.partner_id = claims.partner_id AND m.id = claims.movement_id
             AND ${raw(movementDaySql('m'))}::date ${window})))`,
      );
      const needs = CLAIM_TYPES.flatMap((type) => {
        const types = evidence[type];
        return types === null ? [] : [[type, types] as const];
      });
      for (const [type, types] of needs) {
        where.push(
          sql`(type <> ${type} OR EXISTS (SELECT 1 FROM claim_attachments a
             WHERE a.partner_id = claims.partner_id AND a.claim_id = claims.id
               AND a.content_type = ANY(${[...types]}::text[])))`,
        );
      }
      // The evidence is read from another table: under READ COMMITTED the UPDATE below would read it
      // by the snapshot it started with, even after waiting for the claim's row (a removal of the last
      // photo commits meanwhile). Waiting for the row first gives the UPDATE a snapshot after it.
      await this.db.execute(
        sql`SELECT 1 FROM claims WHERE partner_id = ${partnerId} AND id = ${claimId} FOR NO KEY UPDATE`,
        manager,
      );
    }
    const row = await this.db.maybeOne(
      sql`UPDATE claims SET ${join(set, ', ')}
          WHERE ${join(where, ' AND ')}
          RETURNING (SELECT o.status FROM claims o
                      WHERE o.partner_id = claims.partner_id AND o.id = claims.id
                        AND o.version = claims.version - 1) AS from_status,
            status AS to_status, pending_approval_amount IS NOT NULL AS pending`,
      (returned) => ({
        fromStatus: read.nullable(read.text)(
          returned.from_status,
          'from_status',
        ) as ClaimStatus | null,
        toStatus: read.text(returned.to_status, 'to_status') as ClaimStatus,
        pendingApproval: returned.pending === true,
      }),
      manager,
    );
    return row;
  }

  /**
   * Whether staff user `userId` is separated from the claim (docs/product.md §3a), whatever its status:
   * the transition statement's own condition, read to explain its refusal. `undefined`: no such claim.
   */
  isSeparated(partnerId: string, claimId: string, userId: string): Promise<boolean | undefined> {
    return this.db.maybeOne(
      sql`SELECT NOT ${unseparated('c', userId)} AS separated
            FROM claims c WHERE c.partner_id = ${partnerId} AND c.id = ${claimId}`,
      (row) => row.separated === true,
    );
  }

  insertEvent(
    partnerId: string,
    claimId: string,
    event: {
      kind: ClaimEventKind;
      actorUserId: string | null;
      /** The API key that acted, when no person did. */
      actorKeyId?: string | null;
      fromStatus?: ClaimStatus | null;
      toStatus?: ClaimStatus | null;
      body?: string | null;
      at: Date;
    },
    manager: EntityManager,
  ): Promise<string> {
    return this.db.one(
      sql`INSERT INTO claim_events (partner_id, claim_id, actor_user_id, actor_key_id, kind,
            from_status, to_status, body, at)
          VALUES (${partnerId}, ${claimId}, ${event.actorUserId}, ${event.actorKeyId ?? null},
            ${event.kind},
            ${event.fromStatus ?? null}, ${event.toStatus ?? null}, ${event.body ?? null}, ${event.at})
          RETURNING id`,
      readId,
      manager,
    );
  }

  /**
   * A comment (or a staff-only `internal_note`) on the claim, only when the partner has it: one
   * statement (the claim's row is not changed, so its version stays). Undefined when there is no such
   * claim.
   */
  insertComment(
    partnerId: string,
    claimId: string,
    actor: ClaimActorIds,
    body: string,
    at: Date,
    kind: 'comment' | 'internal_note' = 'comment',
    manager?: EntityManager,
  ): Promise<string | undefined> {
    return this.db.maybeOne(
      sql`INSERT INTO claim_events (partner_id, claim_id, actor_user_id, actor_key_id, kind, body, at)
          SELECT c.partner_id, c.id, ${actor.actorUserId}::uuid, ${actor.actorKeyId}::uuid, ${kind},
                 ${body}, ${at}::timestamptz
            FROM claims c
           WHERE c.partner_id = ${partnerId} AND c.id = ${claimId}
          RETURNING id`,
      readId,
      manager,
    );
  }

  async exists(partnerId: string, claimId: string): Promise<boolean> {
    const found = await this.db.execute(
      sql`SELECT 1 FROM claims WHERE partner_id = ${partnerId} AND id = ${claimId}`,
    );
    return found > 0;
  }

  /**
   * The claim's events, declared (SQL built once, see DeclaredListQuery); without the staff-only
   * kinds unless `staff` (docs/product.md §3a).
   */
  private events(
    partnerId: string,
    claimId: string,
    staff: boolean,
  ): DeclaredListQuery<ClaimEvent> {
    return new DeclaredListQuery({
      statement: 'claim-events',
      dataSource: this.db.dataSource,
      select: CLAIM_EVENT,
      from: CLAIM_EVENT_TABLES,
      conditions: [
        {
          sql: 'e.partner_id = :partnerId AND e.claim_id = :claimId',
          parameters: { partnerId, claimId },
        },
        ...(staff ? [] : [{ sql: `e.kind NOT IN (${STAFF_ONLY_EVENT_KINDS_SQL})` }]),
      ],
    });
  }

  /**
   * One page of the claim's timeline, oldest first; cursors bound to partner and claim. The staff-only
   * events only for `staff`.
   */
  eventPage(
    partnerId: string,
    claimId: string,
    query: ListQuery,
    codec: ListCursorCodec,
    staff: boolean,
  ): Promise<Page<ClaimEventRecord>> {
    return keysetPage(this.events(partnerId, claimId, staff), {
      list: CLAIM_EVENT_LIST,
      query,
      codec,
      boundTo: `${partnerId}:${claimId}`,
      total: CLAIM_TOTAL,
      read: CLAIM_EVENT.read,
    });
  }

  async findEvent(
    partnerId: string,
    claimId: string,
    eventId: string,
    manager?: EntityManager,
  ): Promise<ClaimEventRecord> {
    const event = await this.db.maybeOne(
      sql`SELECT ${CLAIM_EVENT.list} FROM ${CLAIM_EVENT_FROM}
           WHERE e.partner_id = ${partnerId} AND e.claim_id = ${claimId} AND e.id = ${eventId}`,
      CLAIM_EVENT.read,
      manager,
    );
    if (event === undefined) throw new Error(`Event ${eventId} vanished`);
    return event;
  }

  /**
   * Sets the claim's assignee (docs/product.md §3a): ONE statement guarded by partner, id, a status
   * that is not terminal, and an assignee who is an active staff user (or none). The claim's version
   * and updated_at stay: an assignment is staff's bookkeeping, not a change the partner's edits and
   * decisions are based on (docs/api.md). False when it touched no row, the same assignee included
   * (the caller says why).
   */
  async assign(
    partnerId: string,
    claimId: string,
    assigneeUserId: string | null,
    manager: EntityManager,
  ): Promise<boolean> {
    const updated = await this.db.execute(
      sql`UPDATE claims SET assignee_user_id = ${assigneeUserId}::uuid
           WHERE partner_id = ${partnerId} AND id = ${claimId}
             AND status <> ALL(${[...TERMINAL_STATUSES]}::text[])
             AND assignee_user_id IS DISTINCT FROM ${assigneeUserId}::uuid
             AND (${assigneeUserId}::uuid IS NULL OR EXISTS (SELECT 1 FROM users su
                   WHERE su.id = ${assigneeUserId}::uuid AND su.is_staff AND su.status = 'active'))`,
      manager,
    );
    return updated === 1;
  }

  /** The name of an active staff user; undefined for anyone else (users are not tenant data). */
  activeStaffName(userId: string, manager?: EntityManager): Promise<string | undefined> {
    return this.db.maybeOne(
      sql`SELECT name FROM users WHERE id = ${userId}::uuid AND is_staff AND status = 'active'`,
      (row) => read.text(row.name, 'name'),
      manager,
    );
  }

  /** The e-mail and name of an active user: a claim's creator, its assignee (users are not tenant data). */
  creator(
    userId: string,
    manager?: EntityManager,
  ): Promise<{ email: string; name: string } | undefined> {
    return this.db.maybeOne(
      sql`SELECT email, name FROM users WHERE id = ${userId} AND status = 'active'`,
      (row) => ({ email: read.text(row.email, 'email'), name: read.text(row.name, 'name') }),
      manager,
    );
  }

  /** A user's name (the actor an e-mail names). */
  userName(userId: string, manager?: EntityManager): Promise<string | undefined> {
    return this.db.maybeOne(
      sql`SELECT name FROM users WHERE id = ${userId}`,
      (row) => read.text(row.name, 'name'),
      manager,
    );
  }
}

const readId = (row: Row): string => read.text(row.id, 'id');

/** Who acted: a person or an API key (one of the two; docs/api.md, API keys). */
export interface ClaimActorIds {
  actorUserId: string | null;
  actorKeyId: string | null;
}

const readFacet = (row: Row) => ({
  status: read.text(row.status, 'status') as ClaimStatus,
  type: read.text(row.type, 'type') as ClaimType,
  count: read.integer(row.count, 'count'),
});
