import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError, type SelectQueryBuilder } from 'typeorm';
import {
  type CountPolicy,
  type KeysetFetched,
  type KeysetRequest,
  keysetFetch,
  keysetFetchCounted,
  keysetPage,
  keysetRows,
  DeclaredListQuery,
  isoTimestamp,
  type ListCondition,
  type ListCursorCodec,
  type ListQuery,
  type Page,
} from '../common/list/index.js';
import { movementDaySql } from '../common/partner-day.js';
import { MAX_EXPORT_ROWS } from '../common/export.js';
import { itemSearchText, likeSubstring } from '../common/search-text.js';
import { Claim } from './claim.entity.js';
import { ClaimEvent, type ClaimEventKind } from './claim-event.entity.js';
import {
  type AttachmentContentType,
  CLAIM_LIFECYCLE,
  CLAIM_STATUSES,
  CLAIM_TYPES,
  type ClaimStatus,
  type ClaimType,
  PARTNER_TRANSITIONS,
  STAFF_ACTIONS,
} from './claim-lifecycle.js';
import type { MovementKind } from '../inventory/inventory-movement.entity.js';
import { parseClaimNumber } from './claim-number.js';
import { CLAIM_EVENT_LIST, CLAIM_LIST, CLAIM_MATCHES_ORDER } from './claims.lists.js';
import {
  type Row,
  rowsOf,
  integer,
  nullableInteger,
  text,
  nullableText,
} from '../common/raw-rows.js';

/** A claim as the API shows it: its row, its item's SKU and name, its creator's name. */
export interface ClaimRecord {
  id: string;
  partnerId: string;
  number: number;
  type: ClaimType;
  status: ClaimStatus;
  itemId: string | null;
  itemSku: string | null;
  itemName: string | null;
  movementId: string | null;
  /** The movement it stands for, its day in the partner's time zone (docs/api.md, Claim). */
  movement: ClaimedMovement | null;
  quantity: number;
  unitValue: number;
  amountClaimed: number;
  amountApproved: number | null;
  currency: string;
  incidentDate: string;
  description: string;
  reference: string | null;
  createdByUserId: string | null;
  createdByName: string | null;
  /** Times as the API writes them: ISO 8601 UTC (`isoTimestamp`). */
  submittedAt: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  payoutReference: string | null;
  version: number;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  createdAt: string;
  updatedAt: string;
  /** The content types of its evidence (read for drafts only: what `missing` needs); else []. */
  evidenceTypes: AttachmentContentType[];
  /**
   * The users who acted on it for the partner (created, edited, added evidence, submitted, answered,
   * withdrew): separation of duties (docs/product.md §3a). Read while staff may still act on it; else [].
   */
  partnerActorIds: string[];
}

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

export interface ClaimEventRecord {
  id: string;
  kind: ClaimEventKind;
  actorUserId: string | null;
  actorName: string | null;
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus | null;
  body: string | null;
  /** ISO 8601 UTC (`isoTimestamp`). */
  at: string;
  /** The approval's amount (an event to approved) and the payment's reference (to paid). */
  amountApproved: number | null;
  currency: string;
  payoutReference: string | null;
}

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
  createdByUserId: string;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
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
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: unknown; constraint?: unknown } | undefined;
  return driverError?.code === UNIQUE_VIOLATION && driverError.constraint === MOVEMENT_KEY;
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

/** SQL: the event `e` is one its actor took on the claim for the partner (docs/product.md §3a). */
const PARTNER_SIDE_EVENT_SQL = (e: string) =>
  `(${e}.kind IN ('created', 'edit', 'attachment')
    OR (${e}.kind = 'transition' AND ${e}.from_status || '>' || ${e}.to_status IN (${PARTNER_TRANSITIONS_SQL})))`;

/**
 * SQL: the user `user` (a uuid expression) may take a staff action on the claim `c` (docs/product.md
 * §3a): not its creator, no partner-side event of theirs on it, not a member of its partner.
 */
function unseparatedSql(c: string, user: string): string {
  return `(${c}.created_by_user_id IS DISTINCT FROM ${user}
    AND NOT EXISTS (SELECT 1 FROM claim_events se
      WHERE se.partner_id = ${c}.partner_id AND se.claim_id = ${c}.id
        AND se.actor_user_id = ${user} AND ${PARTNER_SIDE_EVENT_SQL('se')})
    AND NOT EXISTS (SELECT 1 FROM memberships sm
      WHERE sm.partner_id = ${c}.partner_id AND sm.user_id = ${user}))`;
}

/**
 * The columns of a claim as the API shows it, `c_<column>` (the list machinery reads raw rows), from
 * `claims c` joined with its item `i` and creator `u`. Evidence types only for drafts: one index
 * range of `claim_attachments_claim_idx` per draft, nothing for the others.
 */
const CLAIM_COLUMNS: ReadonlyArray<[string, string]> = [
  ['c.id', 'c_id'],
  ['c.partner_id', 'c_partner_id'],
  ['c.number', 'c_number'],
  ['c.type', 'c_type'],
  ['c.status', 'c_status'],
  ['c.item_id', 'c_item_id'],
  ['i.sku', 'c_item_sku'],
  ['i.name', 'c_item_name'],
  ['c.movement_id', 'c_movement_id'],
  ['m.kind', 'c_movement_kind'],
  ['m.quantity', 'c_movement_quantity'],
  ['m.reference', 'c_movement_reference'],
  [isoTimestamp('m.occurred_at'), 'c_movement_occurred_at'],
  [movementDaySql('m'), 'c_movement_day'],
  ['c.quantity', 'c_quantity'],
  ['c.unit_value', 'c_unit_value'],
  ['c.amount_claimed', 'c_amount_claimed'],
  ['c.amount_approved', 'c_amount_approved'],
  ['c.currency', 'c_currency'],
  ['c.incident_date::text', 'c_incident_date'],
  ['c.description', 'c_description'],
  ['c.reference', 'c_reference'],
  ['c.created_by_user_id', 'c_created_by_user_id'],
  ['u.name', 'c_created_by_name'],
  [isoTimestamp('c.submitted_at'), 'c_submitted_at'],
  [isoTimestamp('c.decided_at'), 'c_decided_at'],
  ['c.decision_reason', 'c_decision_reason'],
  ['c.payout_reference', 'c_payout_reference'],
  ['c.version', 'c_version'],
  ['c.idempotency_key', 'c_idempotency_key'],
  ['c.request_fingerprint', 'c_request_fingerprint'],
  [isoTimestamp('c.created_at'), 'c_created_at'],
  [isoTimestamp('c.updated_at'), 'c_updated_at'],
  [
    `CASE WHEN c.status = 'draft' THEN ARRAY(SELECT DISTINCT a.content_type FROM claim_attachments a
       WHERE a.partner_id = c.partner_id AND a.claim_id = c.id) ELSE '{}'::text[] END`,
    'c_evidence_types',
  ],
  [
    `CASE WHEN c.status IN (${STAFF_ACTIONABLE_SQL}) THEN ARRAY(SELECT DISTINCT pe.actor_user_id::text
       FROM claim_events pe WHERE pe.partner_id = c.partner_id AND pe.claim_id = c.id
        AND pe.actor_user_id IS NOT NULL AND ${PARTNER_SIDE_EVENT_SQL('pe')})
     ELSE '{}'::text[] END`,
    'c_partner_actor_ids',
  ],
];

/** What only creation reads: a retry's idempotency key and the request it was first made with. */
const CREATION_ONLY_COLUMNS = new Set(['c_idempotency_key', 'c_request_fingerprint']);

/** The list's columns: a claim as the API shows it. */
const LISTED_COLUMNS = CLAIM_COLUMNS.filter(([, alias]) => !CREATION_ONLY_COLUMNS.has(alias));

/** The export's columns (docs/api.md, claims CSV). */
const EXPORTED_COLUMNS = LISTED_COLUMNS.filter(
  ([, alias]) =>
    alias !== 'c_evidence_types' &&
    alias !== 'c_partner_actor_ids' &&
    !(alias.startsWith('c_movement_') && alias !== 'c_movement_id'),
);

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
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private claims(partnerId: string, manager: EntityManager): SelectQueryBuilder<Claim> {
    return this.joined(manager).where('c.partner_id = :partnerId', { partnerId });
  }

  /** `claims c` with its item `i` and creator `u`, nothing selected, no condition. */
  private joined(manager: EntityManager = this.dataSource.manager): SelectQueryBuilder<Claim> {
    return manager
      .getRepository(Claim)
      .createQueryBuilder('c')
      .select([])
      .leftJoin('inventory_items', 'i', 'i.partner_id = c.partner_id AND i.id = c.item_id')
      .leftJoin('inventory_movements', 'm', 'm.partner_id = c.partner_id AND m.id = c.movement_id')
      .leftJoin('users', 'u', 'u.id = c.created_by_user_id');
  }

  private withColumns(
    query: SelectQueryBuilder<Claim>,
    columns: ReadonlyArray<[string, string]>,
  ): SelectQueryBuilder<Claim> {
    const [first, ...rest] = columns;
    if (first !== undefined) query.select(first[0], first[1]);
    for (const [expression, alias] of rest) query.addSelect(expression, alias);
    return query;
  }

  /**
   * The partner's claims that pass the filters, unordered, with `columns`: the rows of the list and of
   * its CSV, declared (SQL built once per shape, see DeclaredListQuery).
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
      dataSource: this.dataSource,
      base: () =>
        this.withColumns(this.joined(), columns === 'list' ? LISTED_COLUMNS : EXPORTED_COLUMNS),
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
      read: readClaim,
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
      return keysetFetchCounted(matches, CLAIM_MATCHES_ORDER, request, readClaim);
    }
    const walked = this.filtered(partnerId, filters);
    return { rows: await keysetFetch(walked, CLAIM_LIST, request, readClaim) };
  }

  /** The rows of `query`, counted up to `limit` (a bounded read, whatever the query matches). */
  private async countUpTo(query: DeclaredListQuery<Claim>, limit: number): Promise<number> {
    const rows = await query.around(
      (sql) =>
        `SELECT count(*)::integer AS n FROM (SELECT 1 FROM (${sql}) AS matched LIMIT ${limit}) AS bounded`,
    );
    return integer(rows[0] ?? { n: 0 }, 'n');
  }

  /** Every row of the list in its order (keyset batches), at most MAX_EXPORT_ROWS. */
  async *rows(
    partnerId: string,
    filters: ClaimFilters,
    sort: string | undefined,
  ): AsyncGenerator<ClaimRecord> {
    const filtered = this.filtered(partnerId, filters, 'walk', 'export');
    let count = 0;
    for await (const claim of keysetRows(filtered, CLAIM_LIST, sort, 500, readClaim)) {
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
    const rows: unknown = await this.dataSource.query(
      `SELECT coalesce(sum(claim_count), 0)::integer AS total FROM claim_counts
        WHERE partner_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR type = $3)`,
      [partnerId, status ?? null, type ?? null],
    );
    return integer(rowsOf(rows)[0] ?? { total: 0 }, 'total');
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
    let rows: Row[];
    if (q === undefined && from === undefined && to === undefined && itemId === undefined) {
      rows = rowsOf(
        await this.dataSource.query(
          `SELECT status, type, claim_count FROM claim_counts WHERE partner_id = $1`,
          [partnerId],
        ),
      );
    } else {
      const query = this.joined()
        .select('c.status', 'status')
        .addSelect('c.type', 'type')
        .addSelect('count(*)::integer', 'claim_count')
        .where('c.partner_id = :partnerId', { partnerId });
      const conditions = claimConditions(
        { q, from, to, itemId, timeZone: filters.timeZone },
        'matches',
      );
      for (const condition of conditions) query.andWhere(condition.sql, condition.parameters);
      rows = await query.groupBy('c.status').addGroupBy('c.type').getRawMany<Row>();
    }
    const statuses = new Map<ClaimStatus, number>(CLAIM_STATUSES.map((status) => [status, 0]));
    const types = new Map<ClaimType, number>(CLAIM_TYPES.map((type) => [type, 0]));
    for (const row of rows) {
      const status = text(row, 'status') as ClaimStatus;
      const type = text(row, 'type') as ClaimType;
      const count = integer(row, 'claim_count');
      if (filters.type === undefined || filters.type === type) {
        statuses.set(status, (statuses.get(status) ?? 0) + count);
      }
      if (filters.status === undefined || filters.status === status) {
        types.set(type, (types.get(type) ?? 0) + count);
      }
    }
    return { statuses, types };
  }

  async find(
    partnerId: string,
    claimId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ClaimRecord | undefined> {
    const raw = await this.withColumns(this.claims(partnerId, manager), CLAIM_COLUMNS)
      .andWhere('c.id = :claimId', { claimId })
      .getRawOne<Row>();
    return raw === undefined ? undefined : readClaim(raw);
  }

  async findByIdempotencyKey(
    partnerId: string,
    userId: string,
    key: string,
    manager: EntityManager,
  ): Promise<ClaimRecord | undefined> {
    const raw = await this.withColumns(this.claims(partnerId, manager), CLAIM_COLUMNS)
      .andWhere('c.created_by_user_id = :userId AND c.idempotency_key = :key', { userId, key })
      .getRawOne<Row>();
    return raw === undefined ? undefined : readClaim(raw);
  }

  /**
   * The partner's next claim number, in the creating transaction: the counter's row lock orders the
   * partner's concurrent creations, and a rollback takes the number back, so numbers are gap-free.
   */
  async nextNumber(partnerId: string, manager: EntityManager): Promise<number> {
    const rows = rowsOf(
      await manager.query(
        `INSERT INTO claim_number_counters (partner_id, last_number) VALUES ($1, 1)
         ON CONFLICT (partner_id) DO UPDATE SET last_number = claim_number_counters.last_number + 1
         RETURNING last_number`,
        [partnerId],
      ),
    );
    const row = rows[0];
    if (row === undefined) throw new Error('The claim number counter returned no row');
    return integer(row, 'last_number');
  }

  async findItem(
    partnerId: string,
    itemId: string,
    manager: EntityManager,
  ): Promise<ClaimableItem | undefined> {
    const [row] = rowsOf(
      await manager.query(
        `SELECT id, unit_value FROM inventory_items WHERE partner_id = $1 AND id = $2`,
        [partnerId, itemId],
      ),
    );
    return row === undefined
      ? undefined
      : { id: text(row, 'id'), unitValue: integer(row, 'unit_value') };
  }

  /** The movement and its day in the partner's time zone (`movementDaySql`). */
  async findMovement(
    partnerId: string,
    movementId: string,
    manager: EntityManager,
  ): Promise<ClaimableMovement | undefined> {
    const [row] = rowsOf(
      await manager.query(
        `SELECT id, item_id, kind, quantity, ${movementDaySql('inventory_movements')} AS day
           FROM inventory_movements WHERE partner_id = $1 AND id = $2`,
        [partnerId, movementId],
      ),
    );
    return row === undefined
      ? undefined
      : {
          id: text(row, 'id'),
          itemId: text(row, 'item_id'),
          kind: text(row, 'kind'),
          quantity: integer(row, 'quantity'),
          day: text(row, 'day'),
        };
  }

  /** Inserts a draft (version 1) and its `created` event; the new claim's id. */
  async insert(
    partnerId: string,
    number: number,
    claim: NewClaim,
    manager: EntityManager,
  ): Promise<string> {
    const [row] = rowsOf(
      await manager.query(
        `INSERT INTO claims (partner_id, number, type, status, item_id, movement_id, quantity, unit_value,
           amount_claimed, currency, incident_date, description, reference, created_by_user_id,
           version, idempotency_key, request_fingerprint, created_at, updated_at)
         VALUES ($1, $2, $3, 'draft', $4, $5, $6, $7, $16, $8, $9, $10, $11, $12, 1, $13, $14, $15, $15)
         RETURNING id`,
        [
          partnerId,
          number,
          claim.type,
          claim.itemId,
          claim.movementId,
          claim.quantity,
          claim.unitValue,
          claim.currency,
          claim.incidentDate,
          claim.description,
          claim.reference,
          claim.createdByUserId,
          claim.idempotencyKey,
          claim.requestFingerprint,
          claim.at,
          // quantity × unit value, exact (a bigint: the product may pass int4).
          String(BigInt(claim.quantity) * BigInt(claim.unitValue)),
        ],
      ),
    );
    if (row === undefined) throw new Error('INSERT … RETURNING returned no row');
    const id = text(row, 'id');
    await this.insertEvent(
      partnerId,
      id,
      { kind: 'created', actorUserId: claim.createdByUserId, at: claim.at },
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
    const rows = rowsOf(
      await manager.query(
        `UPDATE claims SET type = $4, item_id = $5, movement_id = $6, quantity = $7, unit_value = $8,
           amount_claimed = $13, incident_date = $9, description = $10, reference = $11,
           version = version + 1, updated_at = $12
         WHERE partner_id = $1 AND id = $2 AND version = $3 AND status = 'draft'
         RETURNING id`,
        [
          partnerId,
          claimId,
          version,
          fields.type,
          fields.itemId,
          fields.movementId,
          fields.quantity,
          fields.unitValue,
          fields.incidentDate,
          fields.description,
          fields.reference,
          at,
          String(BigInt(fields.quantity) * BigInt(fields.unitValue)),
        ],
      ),
    );
    return rows.length === 1;
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
    const locked = rowsOf(
      await manager.query(
        `SELECT id FROM claims WHERE partner_id = $1 AND id = $2 AND version = $3 AND status = 'draft'
         FOR UPDATE`,
        [partnerId, claimId, version],
      ),
    );
    if (locked.length === 0) return { deleted: false, storageKeys: [] };
    const storageKeys = rowsOf(
      await manager.query(
        `SELECT storage_key FROM claim_attachments WHERE partner_id = $1 AND claim_id = $2`,
        [partnerId, claimId],
      ),
    ).map((row) => text(row, 'storage_key'));
    await manager.query(`DELETE FROM claims WHERE partner_id = $1 AND id = $2`, [
      partnerId,
      claimId,
    ]);
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
  ): Promise<{ fromStatus: ClaimStatus | null } | undefined> {
    const parameters: unknown[] = [
      partnerId,
      claimId,
      [...statement.versions],
      [...statement.from],
    ];
    const parameter = (value: unknown): string => {
      parameters.push(value);
      return `$${parameters.length}`;
    };
    const set = [
      `status = ${parameter(statement.to)}`,
      'version = version + 1',
      `updated_at = ${parameter(statement.at)}`,
    ];
    const where = [
      'partner_id = $1',
      'id = $2',
      'version = ANY($3::integer[])',
      'status = ANY($4::text[])',
    ];
    if (statement.submitted === true) set.push(`submitted_at = ${parameter(statement.at)}`);
    if (statement.decided !== undefined) {
      set.push(
        `decided_at = ${parameter(statement.at)}`,
        `decision_reason = ${parameter(statement.decided.reason)}`,
      );
    }
    if (statement.amountApproved !== undefined) {
      const amount = parameter(statement.amountApproved);
      set.push(`amount_approved = ${amount}::bigint`);
      where.push(`${amount}::bigint BETWEEN 1 AND amount_claimed`);
    }
    if (statement.payoutReference !== undefined) {
      set.push(`payout_reference = ${parameter(statement.payoutReference)}`);
    }
    if (statement.staffActor !== undefined) {
      where.push(unseparatedSql('claims', `${parameter(statement.staffActor)}::uuid`));
    }
    if (statement.complete !== undefined) {
      const { earliest, today, evidence } = statement.complete;
      const window = `BETWEEN ${parameter(earliest)}::date AND ${parameter(today)}::date`;
      // A claim bound to a movement: the movement's own day only, whatever the row's incident date
      // says (a row written before incident dates followed their movement may be older).
      where.push(
        `((movement_id IS NULL AND incident_date ${window})
          OR (movement_id IS NOT NULL AND EXISTS (SELECT 1 FROM inventory_movements m
           WHERE m.partner_id = claims.partner_id AND m.id = claims.movement_id
             AND ${movementDaySql('m')}::date ${window})))`,
      );
      const needs = CLAIM_TYPES.flatMap((type) => {
        const types = evidence[type];
        return types === null ? [] : [[type, types] as const];
      });
      for (const [type, types] of needs) {
        where.push(
          `(type <> ${parameter(type)} OR EXISTS (SELECT 1 FROM claim_attachments a
             WHERE a.partner_id = claims.partner_id AND a.claim_id = claims.id
               AND a.content_type = ANY(${parameter([...types])}::text[])))`,
        );
      }
    }
    if (statement.complete !== undefined) {
      // The evidence is read from another table: under READ COMMITTED the UPDATE below would read it
      // by the snapshot it started with, even after waiting for the claim's row (a removal of the last
      // photo commits meanwhile). Waiting for the row first gives the UPDATE a snapshot after it.
      await manager.query(
        `SELECT 1 FROM claims WHERE partner_id = $1 AND id = $2 FOR NO KEY UPDATE`,
        [partnerId, claimId],
      );
    }
    const rows = rowsOf(
      await manager.query(
        `UPDATE claims SET ${set.join(', ')}
         WHERE ${where.join(' AND ')}
         RETURNING (SELECT o.status FROM claims o
                     WHERE o.partner_id = claims.partner_id AND o.id = claims.id
                       AND o.version = claims.version - 1) AS from_status`,
        parameters,
      ),
    );
    const [row] = rows;
    if (row === undefined) return undefined;
    return {
      fromStatus: row.from_status === null ? null : (text(row, 'from_status') as ClaimStatus),
    };
  }

  /**
   * Whether staff user `userId` is separated from the claim (docs/product.md §3a), whatever its status:
   * the transition statement's own condition, read to explain its refusal. `undefined`: no such claim.
   */
  async isSeparated(
    partnerId: string,
    claimId: string,
    userId: string,
  ): Promise<boolean | undefined> {
    const [row] = rowsOf(
      await this.dataSource.query(
        `SELECT NOT ${unseparatedSql('c', '$3::uuid')} AS separated
           FROM claims c WHERE c.partner_id = $1 AND c.id = $2`,
        [partnerId, claimId, userId],
      ),
    );
    return row === undefined ? undefined : row.separated === true;
  }

  async insertEvent(
    partnerId: string,
    claimId: string,
    event: {
      kind: ClaimEventKind;
      actorUserId: string | null;
      fromStatus?: ClaimStatus | null;
      toStatus?: ClaimStatus | null;
      body?: string | null;
      at: Date;
    },
    manager: EntityManager,
  ): Promise<string> {
    const [row] = rowsOf(
      await manager.query(
        `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, from_status, to_status, body, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          partnerId,
          claimId,
          event.actorUserId,
          event.kind,
          event.fromStatus ?? null,
          event.toStatus ?? null,
          event.body ?? null,
          event.at,
        ],
      ),
    );
    if (row === undefined) throw new Error('INSERT … RETURNING returned no row');
    return text(row, 'id');
  }

  /**
   * A comment on the claim, only when the partner has it: one statement (the claim's row is not
   * changed, so its version stays). Undefined when there is no such claim.
   */
  async insertComment(
    partnerId: string,
    claimId: string,
    actorUserId: string,
    body: string,
    at: Date,
  ): Promise<string | undefined> {
    const [row] = rowsOf(
      await this.dataSource.query(
        `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body, at)
         SELECT c.partner_id, c.id, $3, 'comment', $4, $5 FROM claims c
          WHERE c.partner_id = $1 AND c.id = $2
         RETURNING id`,
        [partnerId, claimId, actorUserId, body, at],
      ),
    );
    return row === undefined ? undefined : text(row, 'id');
  }

  async exists(partnerId: string, claimId: string): Promise<boolean> {
    const rows = rowsOf(
      await this.dataSource.query(`SELECT 1 FROM claims WHERE partner_id = $1 AND id = $2`, [
        partnerId,
        claimId,
      ]),
    );
    return rows.length > 0;
  }

  private events(partnerId: string, claimId: string): SelectQueryBuilder<ClaimEvent> {
    return (
      this.dataSource.manager
        .getRepository(ClaimEvent)
        .createQueryBuilder('e')
        .select([])
        .addSelect('e.id', 'e_id')
        .addSelect('e.kind', 'e_kind')
        .addSelect('e.actor_user_id', 'e_actor_user_id')
        .addSelect('u.name', 'e_actor_name')
        .addSelect('e.from_status', 'e_from_status')
        .addSelect('e.to_status', 'e_to_status')
        .addSelect('e.body', 'e_body')
        .addSelect(isoTimestamp('e.at'), 'e_at')
        // An approval and a payment happen once in a claim's life: the claim holds their amount and reference.
        .addSelect(
          `CASE WHEN e.kind = 'transition' AND e.to_status = 'approved' THEN c.amount_approved END`,
          'e_amount_approved',
        )
        .addSelect(
          `CASE WHEN e.kind = 'transition' AND e.to_status = 'paid' THEN c.payout_reference END`,
          'e_payout_reference',
        )
        .addSelect('c.currency', 'e_currency')
        .leftJoin('users', 'u', 'u.id = e.actor_user_id')
        .innerJoin('claims', 'c', 'c.partner_id = e.partner_id AND c.id = e.claim_id')
        .where('e.partner_id = :partnerId AND e.claim_id = :claimId', { partnerId, claimId })
    );
  }

  /** One page of the claim's timeline, oldest first; cursors bound to partner and claim. */
  eventPage(
    partnerId: string,
    claimId: string,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ClaimEventRecord>> {
    return keysetPage(this.events(partnerId, claimId), {
      list: CLAIM_EVENT_LIST,
      query,
      codec,
      boundTo: `${partnerId}:${claimId}`,
      total: CLAIM_TOTAL,
      read: readEvent,
    });
  }

  async findEvent(partnerId: string, claimId: string, eventId: string): Promise<ClaimEventRecord> {
    const raw = await this.events(partnerId, claimId)
      .andWhere('e.id = :eventId', { eventId })
      .getRawOne<Row>();
    if (raw === undefined) throw new Error(`Event ${eventId} vanished`);
    return readEvent(raw);
  }

  /** The e-mail and name of a claim's creator (users are not tenant data). */
  async creator(userId: string): Promise<{ email: string; name: string } | undefined> {
    const [row] = rowsOf(
      await this.dataSource.query(
        `SELECT email, name FROM users WHERE id = $1 AND status = 'active'`,
        [userId],
      ),
    );
    return row === undefined ? undefined : { email: text(row, 'email'), name: text(row, 'name') };
  }

  /** A user's name (the actor an e-mail names). */
  async userName(userId: string): Promise<string | undefined> {
    const [row] = rowsOf(
      await this.dataSource.query(`SELECT name FROM users WHERE id = $1`, [userId]),
    );
    return row === undefined ? undefined : text(row, 'name');
  }
}

function textArray(row: Row, column: string): string[] {
  const value = row[column];
  if (Array.isArray(value))
    return value.filter((entry): entry is string => typeof entry === 'string');
  // A driver that does not parse arrays gives PostgreSQL's text form: {a,b}.
  if (typeof value === 'string' && value.startsWith('{') && value.endsWith('}')) {
    return value
      .slice(1, -1)
      .split(',')
      .filter((entry) => entry !== '')
      .map((entry) => entry.replace(/^"|"$/g, ''));
  }
  return [];
}

function readClaim(raw: Row): ClaimRecord {
  return {
    id: text(raw, 'c_id'),
    partnerId: text(raw, 'c_partner_id'),
    number: integer(raw, 'c_number'),
    type: text(raw, 'c_type') as ClaimType,
    status: text(raw, 'c_status') as ClaimStatus,
    itemId: nullableText(raw, 'c_item_id'),
    itemSku: nullableText(raw, 'c_item_sku'),
    itemName: nullableText(raw, 'c_item_name'),
    movementId: nullableText(raw, 'c_movement_id'),
    movement: readClaimedMovement(raw),
    quantity: integer(raw, 'c_quantity'),
    unitValue: integer(raw, 'c_unit_value'),
    amountClaimed: integer(raw, 'c_amount_claimed'),
    amountApproved: nullableInteger(raw, 'c_amount_approved'),
    currency: text(raw, 'c_currency'),
    incidentDate: text(raw, 'c_incident_date'),
    description: text(raw, 'c_description'),
    reference: nullableText(raw, 'c_reference'),
    createdByUserId: nullableText(raw, 'c_created_by_user_id'),
    createdByName: nullableText(raw, 'c_created_by_name'),
    submittedAt: nullableText(raw, 'c_submitted_at'),
    decidedAt: nullableText(raw, 'c_decided_at'),
    decisionReason: nullableText(raw, 'c_decision_reason'),
    payoutReference: nullableText(raw, 'c_payout_reference'),
    version: integer(raw, 'c_version'),
    idempotencyKey: nullableText(raw, 'c_idempotency_key'),
    requestFingerprint: nullableText(raw, 'c_request_fingerprint'),
    createdAt: text(raw, 'c_created_at'),
    updatedAt: text(raw, 'c_updated_at'),
    evidenceTypes: textArray(raw, 'c_evidence_types') as AttachmentContentType[],
    partnerActorIds: textArray(raw, 'c_partner_actor_ids'),
  };
}

function readClaimedMovement(raw: Row): ClaimedMovement | null {
  const id = nullableText(raw, 'c_movement_id');
  // The export reads no movement; a claim always has its movement (a foreign key).
  if (id === null || raw.c_movement_kind === undefined || raw.c_movement_kind === null) return null;
  return {
    id,
    kind: text(raw, 'c_movement_kind') as MovementKind,
    quantity: integer(raw, 'c_movement_quantity'),
    reference: nullableText(raw, 'c_movement_reference'),
    occurredAt: text(raw, 'c_movement_occurred_at'),
    day: text(raw, 'c_movement_day'),
  };
}

function readEvent(raw: Row): ClaimEventRecord {
  return {
    id: text(raw, 'e_id'),
    kind: text(raw, 'e_kind') as ClaimEventKind,
    actorUserId: nullableText(raw, 'e_actor_user_id'),
    actorName: nullableText(raw, 'e_actor_name'),
    fromStatus: nullableText(raw, 'e_from_status') as ClaimStatus | null,
    toStatus: nullableText(raw, 'e_to_status') as ClaimStatus | null,
    body: nullableText(raw, 'e_body'),
    at: text(raw, 'e_at'),
    amountApproved: nullableInteger(raw, 'e_amount_approved'),
    currency: text(raw, 'e_currency'),
    payoutReference: nullableText(raw, 'e_payout_reference'),
  };
}
