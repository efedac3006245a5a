import { Injectable, type StreamableFile } from '@nestjs/common';
import { claimDeadlineOf, claimTypeOf } from '../claims/claim-lifecycle.js';
import { formatClaimNumber } from '../claims/claim-number.js';
import { partnerToday } from '../common/partner-day.js';
import { Clock } from '../common/clock.js';
import {
  type CsvColumn,
  csvFile,
  ListCursorCodec,
  type ListQuery,
  mapPage,
  type Page,
} from '../common/list/index.js';
import { majorUnits } from '../common/money.js';
import { ProblemException } from '../common/problem-details.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import type {
  InventoryExportQueryDto,
  InventoryFacetsDto,
  InventoryItemDto,
  InventoryListQueryDto,
  InventoryMovementDto,
  RecordMovementDto,
  RecordedMovementDto,
} from './dto/inventory.dto.js';
import type { StockState } from './inventory.lists.js';
import {
  type ExportedItem,
  type ItemFilters,
  type ItemRecord,
  InventoryRepository,
  type MovementClaim,
  type MovementRecord,
  type RecordedHook,
  type RecordOutcome,
} from './inventory.repository.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';

/** How far ahead of the server's clock an `occurredAt` may be: the caller's clock may run ahead. */
const CLOCK_SKEW_MS = 60_000;
/** The earliest `occurredAt`: older dates are typing errors, not stock history. */
const EARLIEST_OCCURRED_AT = Date.parse('1970-01-01T00:00:00Z');

export function itemNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such item.');
}

export function movementNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such movement.');
}

/** docs/api.md, InventoryItem: `out` when available ≤ 0, `low` up to the reorder point, else `in`. */
export function stockStateOf(available: number, reorderPoint: number): StockState {
  if (available <= 0) return 'out';
  return available <= reorderPoint ? 'low' : 'in';
}

/** on hand × unit value, exact as a bigint (both are int4: the product may pass 2^53). */
function valueOf(item: Pick<ItemRecord, 'onHand' | 'unitValue'>): bigint {
  return BigInt(item.onHand) * BigInt(item.unitValue);
}

/** An item as the API shows it; its times are already the API's ISO text (`ITEM`). */
export function toItemDto(item: ItemRecord, currency: string): InventoryItemDto {
  const available = item.onHand - item.reserved;
  return {
    id: item.id,
    sku: item.sku,
    name: item.name,
    category: item.category,
    barcode: item.barcode,
    warehouse: item.warehouse,
    status: item.status,
    unitValue: { amount: item.unitValue, currency },
    value: { amount: Number(valueOf(item)), currency },
    onHand: item.onHand,
    reserved: item.reserved,
    available,
    inbound: item.inbound,
    damaged: item.damaged,
    reorderPoint: item.reorderPoint,
    stockState: stockStateOf(available, item.reorderPoint),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * A movement's filing window (docs/product.md §4, "Claims you can trust"): the last day a claim on it
 * may be filed, counted from its day in the partner's time zone, and whether that is still ahead;
 * null and false for the kinds no claim is filed from.
 */
export function claimWindowOf(
  movement: Pick<MovementRecord, 'kind'>,
  day: string,
  today: string,
): { day: string; claimDeadline: string | null; claimWindowOpen: boolean } {
  if (claimTypeOf(movement.kind) === undefined) {
    return { day, claimDeadline: null, claimWindowOpen: false };
  }
  const claimDeadline = claimDeadlineOf(day);
  return { day, claimDeadline, claimWindowOpen: today <= claimDeadline };
}

/**
 * `day`: the movement's day as the database computes it (`movementDaySql`); its times are already the
 * API's ISO text.
 */
export function toMovementDto(
  movement: MovementRecord,
  day: string,
  claim: MovementClaim | null,
  today: string,
): InventoryMovementDto {
  return {
    id: movement.id,
    kind: movement.kind,
    quantity: movement.quantity,
    reference: movement.reference,
    note: movement.note,
    occurredAt: movement.occurredAt,
    recordedAt: movement.recordedAt,
    claim:
      claim === null
        ? null
        : { id: claim.id, number: formatClaimNumber(claim.number), status: claim.status },
    ...claimWindowOf(movement, day, today),
  };
}

/**
 * The export's columns (docs/api.md, Inventory CSV): what a spreadsheet user wants, one cell each.
 * Money as plain decimal major units (`1234.56`) beside a currency column, so that a spreadsheet sums
 * it; quantities as integers; times as ISO 8601 UTC.
 */
export function inventoryCsvColumns(currency: string): CsvColumn<ExportedItem>[] {
  const available = (item: ExportedItem) => item.onHand - item.reserved;
  return [
    { header: 'sku', value: (item) => item.sku },
    { header: 'name', value: (item) => item.name },
    { header: 'category', value: (item) => item.category },
    { header: 'barcode', value: (item) => item.barcode },
    { header: 'warehouse', value: (item) => item.warehouse },
    { header: 'status', value: (item) => item.status },
    { header: 'stock_state', value: (item) => stockStateOf(available(item), item.reorderPoint) },
    { header: 'on_hand', value: (item) => item.onHand },
    { header: 'reserved', value: (item) => item.reserved },
    { header: 'available', value: available },
    { header: 'inbound', value: (item) => item.inbound },
    { header: 'damaged', value: (item) => item.damaged },
    { header: 'reorder_point', value: (item) => item.reorderPoint },
    { header: 'unit_value', value: (item) => majorUnits(item.unitValue, currency) },
    { header: 'value', value: (item) => majorUnits(valueOf(item), currency) },
    { header: 'currency', value: () => currency },
    { header: 'updated_at', value: (item) => item.updatedAt },
  ];
}

function filtersOf(query: InventoryExportQueryDto): ItemFilters {
  const { q, status, category, warehouse, stock } = query;
  return { q, status, category, warehouse, stock };
}

/** One partner's inventory (docs/product.md §3, §4). Every read and write is partner-scoped. */
@Injectable()
export class InventoryService {
  constructor(
    private readonly inventory: InventoryRepository,
    private readonly cursors: ListCursorCodec,
    private readonly clock: Clock,
    private readonly webhooks: WebhookEvents,
  ) {}

  async list(
    context: PartnerContext,
    query: InventoryListQueryDto,
  ): Promise<Page<InventoryItemDto>> {
    const page = await this.inventory.page(
      context.partner.id,
      filtersOf(query),
      query,
      this.cursors,
    );
    const { currency } = context.partner;
    return mapPage(page, (item) => toItemDto(item, currency));
  }

  exportCsv(context: PartnerContext, query: InventoryExportQueryDto): StreamableFile {
    const { partner } = context;
    return csvFile(
      `${partner.slug}-inventory-${partnerToday(this.clock.now(), partner.timeZone)}.csv`,
      this.inventory.rows(partner.id, filtersOf(query), query.sort),
      inventoryCsvColumns(partner.currency),
    );
  }

  async facets(context: PartnerContext): Promise<InventoryFacetsDto> {
    const counts = await this.inventory.facetCounts(context.partner.id);
    const of = (facet: string) =>
      counts.filter((count) => count.facet === facet).map(({ value, count }) => ({ value, count }));
    return { categories: of('category'), warehouses: of('warehouse') };
  }

  async item(context: PartnerContext, itemId: string): Promise<InventoryItemDto> {
    const item = await this.inventory.find(context.partner.id, itemId);
    if (item === undefined) throw itemNotFound();
    return toItemDto(item, context.partner.currency);
  }

  async setReorderPoint(
    context: PartnerContext,
    itemId: string,
    reorderPoint: number,
  ): Promise<InventoryItemDto> {
    const item = await this.inventory.setReorderPoint(
      context.partner.id,
      itemId,
      reorderPoint,
      this.clock.now(),
    );
    if (item === undefined) throw itemNotFound();
    return toItemDto(item, context.partner.currency);
  }

  /** What a movement's filing window is read against: the partner's zone and today in it. */
  private windowOf(context: PartnerContext): { timeZone: string; today: string } {
    const { timeZone } = context.partner;
    return { timeZone, today: partnerToday(this.clock.now(), timeZone) };
  }

  async movements(
    context: PartnerContext,
    itemId: string,
    query: ListQuery,
  ): Promise<Page<InventoryMovementDto>> {
    const partnerId = context.partner.id;
    const [exists, page] = await Promise.all([
      this.inventory.exists(partnerId, itemId),
      this.inventory.movementPage(partnerId, itemId, query, this.cursors),
    ]);
    if (!exists) throw itemNotFound();
    const window = this.windowOf(context);
    return mapPage(page, (listed) =>
      toMovementDto(listed.movement, listed.day, listed.claim, window.today),
    );
  }

  async movement(
    context: PartnerContext,
    itemId: string,
    movementId: string,
  ): Promise<InventoryMovementDto> {
    const movement = await this.inventory.findMovement(context.partner.id, itemId, movementId);
    if (movement === undefined) throw movementNotFound();
    return toMovementDto(
      movement.movement,
      movement.day,
      movement.claim,
      this.windowOf(context).today,
    );
  }

  async recordMovement(
    context: PartnerContext,
    itemId: string,
    body: RecordMovementDto,
  ): Promise<RecordedMovementDto> {
    const now = this.clock.now();
    const occurredAt = body.occurredAt === undefined ? now : new Date(body.occurredAt);
    const at = occurredAt.getTime();
    if (Number.isNaN(at) || at > now.getTime() + CLOCK_SKEW_MS || at < EARLIEST_OCCURRED_AT) {
      throw new ProblemException(400, 'validation', 'The request is invalid.', [
        {
          field: 'occurredAt',
          message: 'occurredAt must be a time from 1970 on, not in the future',
        },
      ]);
    }
    const answer = (done: Extract<RecordOutcome, { recorded: true }>): RecordedMovementDto => ({
      movement: toMovementDto(done.movement, done.day, null, this.windowOf(context).today),
      item: toItemDto(done.item, context.partner.currency),
    });
    const emit: RecordedHook = (done, manager) =>
      this.webhooks.movementRecorded(manager, context.partner.id, answer(done));
    const outcome = await this.inventory.recordMovement(
      context.partner.id,
      itemId,
      {
        kind: body.kind,
        quantity: body.quantity,
        reference: body.reference ?? null,
        note: body.note ?? null,
        occurredAt,
        recordedAt: now,
        recordedByUserId: context.userId,
        recordedByKeyId: context.apiKey?.id ?? null,
      },
      emit,
    );
    if (!outcome.recorded) {
      if (outcome.reason === 'not_found') throw itemNotFound();
      if (outcome.reason === 'out_of_range') {
        throw new ProblemException(400, 'validation', 'The request is invalid.', [
          {
            field: 'quantity',
            message: 'quantity would take the item’s quantities above 2,147,483,647',
          },
        ]);
      }
      throw new ProblemException(
        409,
        'insufficient_stock',
        'The movement would take the item’s on hand below 0; nothing was recorded.',
      );
    }
    return answer(outcome);
  }
}
