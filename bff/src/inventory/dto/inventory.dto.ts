import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { CLAIM_STATUSES, type ClaimStatus } from '#src/claims/claim-lifecycle.js';
import { ListQueryDto } from '#src/common/list/index.js';
import { ITEM_STATUSES, type ItemStatus } from '../inventory-item.entity.js';
import { MOVEMENT_KINDS, type MovementKind } from '../inventory-movement.entity.js';
import {
  INVENTORY_ITEM_LIST,
  INVENTORY_MOVEMENT_LIST,
  MAX_FACET_VALUE_LENGTH,
  MAX_SEARCH_LENGTH,
  STOCK_STATES,
  type StockState,
} from '../inventory.lists.js';
import { MoneyDto } from '#src/common/money.dto.js';

/** The largest reorder point and the largest |quantity| of one movement. */
export const MAX_REORDER_POINT = 1_000_000_000;
export const MAX_MOVEMENT_QUANTITY = 1_000_000_000;
export const MAX_REFERENCE_LENGTH = 200;
export const MAX_NOTE_LENGTH = 2000;

@ApiSchema({ name: 'InventoryItem' })
export class InventoryItemDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'TENT-2P-GRN' })
  sku!: string;

  @ApiProperty({ example: 'Two-person tent, green' })
  name!: string;

  @ApiProperty({ example: 'Tents' })
  category!: string;

  @ApiProperty({ type: String, nullable: true, example: '4006381333931' })
  barcode!: string | null;

  @ApiProperty({ example: 'Berlin-1' })
  warehouse!: string;

  @ApiProperty({ enum: ITEM_STATUSES, enumName: 'InventoryItemStatus' })
  status!: ItemStatus;

  @ApiProperty({ type: MoneyDto, description: 'The value of one unit.' })
  unitValue!: MoneyDto;

  @ApiProperty({ type: MoneyDto, description: 'onHand × unitValue.' })
  value!: MoneyDto;

  @ApiProperty({ type: 'integer', minimum: 0 })
  onHand!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  reserved!: number;

  @ApiProperty({ type: 'integer', description: 'onHand − reserved (may be negative).' })
  available!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  inbound!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  damaged!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  reorderPoint!: number;

  @ApiProperty({
    enum: STOCK_STATES,
    enumName: 'StockState',
    description: '`out` when available ≤ 0, `low` when 0 < available ≤ reorderPoint, else `in`.',
  })
  stockState!: StockState;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

@ApiSchema({ name: 'InventoryMovementClaim' })
export class InventoryMovementClaimDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'CLM-000123' })
  number!: string;

  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus' })
  status!: ClaimStatus;
}

@ApiSchema({ name: 'InventoryMovement' })
export class InventoryMovementDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MOVEMENT_KINDS, enumName: 'InventoryMovementKind' })
  kind!: MovementKind;

  @ApiProperty({
    type: 'integer',
    description:
      'Signed: what it moved on hand by (receipt, return > 0; shipment, damage, loss < 0).',
  })
  quantity!: number;

  @ApiProperty({ type: String, nullable: true })
  reference!: string | null;

  @ApiProperty({ type: String, nullable: true })
  note!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When it happened in the warehouse.' })
  occurredAt!: string;

  @ApiProperty({ format: 'date-time', description: 'When it was recorded here.' })
  recordedAt!: string;

  @ApiProperty({
    type: InventoryMovementClaimDto,
    nullable: true,
    description: 'The claim filed from this movement, if any.',
  })
  claim!: InventoryMovementClaimDto | null;

  @ApiProperty({
    format: 'date',
    example: '2026-05-04',
    description:
      'The day it happened in the partner’s time zone: the incident date of a claim filed from it.',
  })
  day!: string;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-07-03',
    description:
      'The last day a claim on it may be filed and submitted: its day in the partner’s time zone + 60 (docs/product.md §5). Null for the kinds no claim is filed from (only loss, damage and receipt are).',
  })
  claimDeadline!: string | null;

  @ApiProperty({
    description:
      'Whether a claim may still be filed on it: claimDeadline is today or later (partner time). False for the kinds no claim is filed from.',
  })
  claimWindowOpen!: boolean;
}

@ApiSchema({ name: 'InventoryFacetValue' })
export class InventoryFacetValueDto {
  @ApiProperty({ example: 'Tents' })
  value!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Items of the partner with this value.',
  })
  count!: number;
}

@ApiSchema({ name: 'InventoryFacets' })
export class InventoryFacetsDto {
  @ApiProperty({ type: [InventoryFacetValueDto], description: 'By value, ascending.' })
  categories!: InventoryFacetValueDto[];

  @ApiProperty({ type: [InventoryFacetValueDto], description: 'By value, ascending.' })
  warehouses!: InventoryFacetValueDto[];
}

/** A text query parameter, trimmed; an empty one is no filter. */
const trimmed = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? undefined : text;
  });

/**
 * `?q&status&category&warehouse&stock` of the inventory list and its CSV, on top of
 * `?limit&sort&cursor` (sorts: sku, name, onHand, available, value, updatedAt; default sku).
 */
export class InventoryListQueryDto extends ListQueryDto(INVENTORY_ITEM_LIST) {
  @ApiPropertyOptional({
    maxLength: MAX_SEARCH_LENGTH,
    description:
      'Search: items whose SKU, name or barcode contains this text (case-insensitive; a prefix is a substring too). Trimmed.',
  })
  @IsOptional()
  @trimmed()
  @IsString()
  @MaxLength(MAX_SEARCH_LENGTH)
  q?: string;

  @ApiPropertyOptional({ enum: ITEM_STATUSES, enumName: 'InventoryItemStatus' })
  @IsOptional()
  @IsIn(ITEM_STATUSES)
  status?: ItemStatus;

  @ApiPropertyOptional({
    maxLength: MAX_FACET_VALUE_LENGTH,
    description: 'Exact category (one of the facets).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FACET_VALUE_LENGTH)
  category?: string;

  @ApiPropertyOptional({
    maxLength: MAX_FACET_VALUE_LENGTH,
    description: 'Exact warehouse (one of the facets).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_FACET_VALUE_LENGTH)
  warehouse?: string;

  @ApiPropertyOptional({ enum: STOCK_STATES, enumName: 'StockState' })
  @IsOptional()
  @IsIn(STOCK_STATES)
  stock?: StockState;
}

/** The query of the CSV export: the list's filters and sort; no page (every row, in the list's order). */
export class InventoryExportQueryDto extends OmitType(InventoryListQueryDto, ['limit', 'cursor']) {}

/** `?limit&sort&cursor` of an item's movements (sort: occurredAt or -occurredAt; default newest first). */
export class InventoryMovementListQueryDto extends ListQueryDto(INVENTORY_MOVEMENT_LIST) {}

@ApiSchema({ name: 'UpdateInventoryItem' })
export class UpdateInventoryItemDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_REORDER_POINT })
  @IsInt({ message: 'Reorder point must be a whole number' })
  @Min(0, { message: 'Reorder point cannot be below 0' })
  @Max(MAX_REORDER_POINT, {
    message: `Reorder point cannot be above ${MAX_REORDER_POINT.toLocaleString('en-US')}`,
  })
  reorderPoint!: number;
}

/** The sign each kind takes (docs/api.md, InventoryMovement). */
export function quantityFitsKind(kind: unknown, quantity: number): boolean {
  switch (kind) {
    case 'receipt':
    case 'return':
      return quantity > 0;
    case 'shipment':
    case 'damage':
    case 'loss':
      return quantity < 0;
    default:
      return quantity !== 0;
  }
}

function QuantityFitsKind(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'quantityFitsKind',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value === 'number' &&
          quantityFitsKind((args?.object as { kind?: unknown } | undefined)?.kind, value),
        defaultMessage: () =>
          'quantity must fit the kind: receipt and return > 0; shipment, damage and loss < 0; adjustment and transfer ≠ 0',
      },
    },
    options,
  );
}

@ApiSchema({ name: 'RecordInventoryMovement' })
export class RecordMovementDto {
  @ApiProperty({ enum: MOVEMENT_KINDS, enumName: 'InventoryMovementKind' })
  @IsIn(MOVEMENT_KINDS)
  kind!: MovementKind;

  @ApiProperty({
    type: 'integer',
    minimum: -MAX_MOVEMENT_QUANTITY,
    maximum: MAX_MOVEMENT_QUANTITY,
    description:
      'Signed units on hand: receipt, return > 0; shipment, damage, loss < 0; adjustment, transfer ≠ 0.',
  })
  @IsInt()
  @Min(-MAX_MOVEMENT_QUANTITY)
  @Max(MAX_MOVEMENT_QUANTITY)
  @QuantityFitsKind()
  quantity!: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_REFERENCE_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_REFERENCE_LENGTH)
  reference?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_NOTE_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NOTE_LENGTH)
  note?: string | null;

  @ApiPropertyOptional({
    format: 'date-time',
    description:
      'When it happened (default now): not in the future (a minute of clock skew allowed).',
  })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  occurredAt?: string;
}

@ApiSchema({ name: 'RecordedInventoryMovement' })
export class RecordedMovementDto {
  @ApiProperty({ type: InventoryMovementDto })
  movement!: InventoryMovementDto;

  @ApiProperty({ type: InventoryItemDto, description: 'The item after the movement.' })
  item!: InventoryItemDto;
}
