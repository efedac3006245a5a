import {
  ApiProperty,
  ApiPropertyOptional,
  ApiSchema,
  OmitType,
  PartialType,
  PickType,
} from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import { ListQueryDto } from '#src/common/list/index.js';
import { ProblemDetails } from '#src/common/problem-details.js';
import { MoneyDto } from '#src/common/money.dto.js';
import { InventoryMovementDto } from '#src/inventory/dto/inventory.dto.js';
import {
  CLAIM_ACTIONS,
  CLAIM_DESCRIPTION_MAX,
  CLAIM_DESCRIPTION_MIN,
  CLAIM_STATUSES,
  CLAIM_TYPES,
  type AllowedAction,
  type ClaimAction,
  type ClaimStatus,
  type ClaimType,
  DRAFT_ACTIONS,
  MAX_CLAIM_QUANTITY,
  MAX_OTHER_UNIT_VALUE_MAJOR,
} from '../claim-lifecycle.js';
import { CLAIM_EVENT_KINDS, type ClaimEventKind } from '../claim-event.entity.js';
import { CLAIM_EVENT_LIST, CLAIM_LIST, MAX_CLAIM_SEARCH_LENGTH } from '../claims.lists.js';

/** The bounds of a claim's fields (docs/product.md §4, docs/api.md, Claim). */
export { MAX_CLAIM_QUANTITY };
export const MAX_CLAIM_REFERENCE_LENGTH = 200;
/**
 * The largest unit value any claim of type `other` may state: 100,000.00 in a currency of three
 * minor digits. The service holds the partner's currency to its own bound (100,000.00 of it).
 */
export const MAX_CLAIM_UNIT_VALUE = MAX_OTHER_UNIT_VALUE_MAJOR * 1000;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_PAYOUT_REFERENCE_LENGTH = 200;

const ALLOWED_ACTIONS: readonly AllowedAction[] = [...CLAIM_ACTIONS, ...DRAFT_ACTIONS];

/** `YYYY-MM-DD`, a day that exists in the calendar (2026-02-30 does not). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: isCalendarDate,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a date as YYYY-MM-DD`,
      },
    },
    options,
  );
}

/** Text that holds something besides white space. */
function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBlank',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.trim() !== '',
        defaultMessage: (args) => `${args?.property ?? 'value'} must not be empty`,
      },
    },
    options,
  );
}

/** A text query parameter, trimmed; an empty one is no filter. */
const trimmed = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? undefined : text;
  });

@ApiSchema({ name: 'ClaimItem' })
export class ClaimItemDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'TENT-2P-GRN' })
  sku!: string;

  @ApiProperty({ example: 'Two-person tent, green' })
  name!: string;
}

@ApiSchema({ name: 'ClaimActor' })
export class ClaimActorDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Maria Manager' })
  name!: string;
}

/**
 * The movement a claim stands for (docs/api.md, Claim `movement`): the item page's movement's fields,
 * picked from InventoryMovementDto so the two cannot drift apart.
 */
@ApiSchema({ name: 'ClaimMovement' })
export class ClaimMovementDto extends PickType(InventoryMovementDto, [
  'id',
  'kind',
  'quantity',
  'reference',
  'occurredAt',
  'day',
] as const) {}

@ApiSchema({ name: 'ClaimMissing' })
export class ClaimMissingDto {
  @ApiProperty({ example: 'attachments', description: 'The field or part that is missing.' })
  field!: string;

  @ApiProperty({ example: 'Attach a photo of the damage' })
  message!: string;
}

@ApiSchema({ name: 'Claim' })
export class ClaimDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'CLM-000123', description: 'Per partner, gap-free from 1.' })
  number!: string;

  @ApiProperty({ enum: CLAIM_TYPES, enumName: 'ClaimType' })
  type!: ClaimType;

  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus' })
  status!: ClaimStatus;

  @ApiProperty({
    description:
      'An approved or paid claim whose approved amount is below the claimed amount ("partially approved").',
  })
  partiallyApproved!: boolean;

  @ApiProperty({ type: ClaimItemDto, nullable: true, description: 'Null only for type other.' })
  item!: ClaimItemDto | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The loss, damage or short receipt it was filed from.',
  })
  movementId!: string | null;

  @ApiProperty({
    type: ClaimMovementDto,
    nullable: true,
    description: 'The movement it stands for (the one `movementId` names); null for type other.',
  })
  movement!: ClaimMovementDto | null;

  @ApiProperty({ type: 'integer', minimum: 1 })
  quantity!: number;

  @ApiProperty({ type: MoneyDto, description: 'Copied from the item when filed.' })
  unitValue!: MoneyDto;

  @ApiProperty({ type: MoneyDto, description: 'quantity × unitValue.' })
  amountClaimed!: MoneyDto;

  @ApiProperty({ type: MoneyDto, nullable: true, description: 'Set by approve.' })
  amountApproved!: MoneyDto | null;

  @ApiProperty({ example: 'EUR', description: 'ISO 4217: the unit of every amount of the claim.' })
  currency!: string;

  @ApiProperty({
    format: 'date',
    example: '2026-11-02',
    description: 'The day it happened, in the partner’s time zone.',
  })
  incidentDate!: string;

  @ApiProperty({ minLength: CLAIM_DESCRIPTION_MIN, maxLength: CLAIM_DESCRIPTION_MAX })
  description!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: MAX_CLAIM_REFERENCE_LENGTH,
    description: 'The shipment or order it concerns.',
  })
  reference!: string | null;

  @ApiProperty({
    type: ClaimActorDto,
    nullable: true,
    description: 'Who filed it (null only when that account was deleted).',
  })
  createdBy!: ClaimActorDto | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  submittedAt!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it was approved or rejected.',
  })
  decidedAt!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The reason of a rejection, or the message of an approval.',
  })
  decisionReason!: string | null;

  @ApiProperty({ type: String, nullable: true })
  payoutReference!: string | null;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Optimistic concurrency: the ETag; send it back as `If-Match: "<version>"`.',
  })
  version!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({
    enum: ALLOWED_ACTIONS,
    enumName: 'ClaimAllowedAction',
    isArray: true,
    description:
      'What the caller may do now: the lifecycle’s actions, plus edit and delete on a draft (docs/product.md §4).',
  })
  allowedActions!: AllowedAction[];

  @ApiProperty({
    type: [ClaimMissingDto],
    description:
      'What blocks submit now (the filing window, the evidence of its type); empty when nothing does or when it is not a draft.',
  })
  missing!: ClaimMissingDto[];

  @ApiPropertyOptional({
    type: ClaimActorDto,
    nullable: true,
    description: 'Staff only: the staff member working the claim (docs/product.md §3a).',
  })
  assignee?: ClaimActorDto | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'Staff only: when it last came to staff (its submission, or the partner’s answer to an information request); null unless submitted or in review.',
  })
  waitingSince?: string | null;

  @ApiPropertyOptional({
    type: () => ClaimPendingApprovalDto,
    nullable: true,
    description:
      'Staff only: a first approval above the second-approval threshold, waiting for a second staff member.',
  })
  pendingApproval?: ClaimPendingApprovalDto | null;
}

/** A first approval waiting for a second staff member's (docs/product.md §3a, second approval). */
@ApiSchema({ name: 'ClaimPendingApproval' })
export class ClaimPendingApprovalDto {
  @ApiProperty({ type: ClaimActorDto, nullable: true, description: 'Null when that user is gone.' })
  by!: ClaimActorDto | null;

  @ApiProperty({ type: MoneyDto })
  amountApproved!: MoneyDto;

  @ApiProperty({ format: 'date-time' })
  at!: string;
}

/** The 412 of a change based on another version (docs/api.md, Claims: the order of checks). */
@ApiSchema({ name: 'ClaimStaleProblem' })
export class ClaimStaleProblemDto extends ProblemDetails {
  @ApiProperty({
    type: ClaimDto,
    description:
      'The claim as it is now, with what the caller may do with it; its version is the ETag.',
  })
  claim!: ClaimDto;
}

/** The 409 of a change the claim's status does not allow (or of a movement already claimed). */
@ApiSchema({ name: 'ClaimConflictProblem' })
export class ClaimConflictProblemDto extends ProblemDetails {
  @ApiPropertyOptional({
    enum: ALLOWED_ACTIONS,
    enumName: 'ClaimAllowedAction',
    isArray: true,
    description: 'With `code: transition_not_allowed`: what the caller may do now.',
  })
  allowedActions?: AllowedAction[];
}

@ApiSchema({ name: 'ClaimEvent' })
export class ClaimEventDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: CLAIM_EVENT_KINDS, enumName: 'ClaimEventKind' })
  kind!: ClaimEventKind;

  @ApiProperty({
    description:
      'A staff-only event (kinds internal_note, assignment, approval_requested): returned to staff only, never to a partner’s member.',
  })
  internal!: boolean;

  @ApiProperty({
    type: ClaimActorDto,
    nullable: true,
    description: 'Null only when that account was deleted.',
  })
  actor!: ClaimActorDto | null;

  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus', nullable: true })
  fromStatus!: ClaimStatus | null;

  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus', nullable: true })
  toStatus!: ClaimStatus | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The comment; the message or reason of a transition; the changed fields of an edit; the file name of an attachment.',
  })
  body!: string | null;

  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({
    type: MoneyDto,
    nullable: true,
    description:
      'The amount approved, on the approval (the transition to approved); null otherwise.',
  })
  amountApproved!: MoneyDto | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The payout reference, on the payment (the transition to paid); null otherwise.',
  })
  payoutReference!: string | null;
}

@ApiSchema({ name: 'ClaimFacetValue' })
export class ClaimFacetValueDto {
  @ApiProperty({ example: 'submitted' })
  value!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  count!: number;
}

@ApiSchema({ name: 'ClaimFacets' })
export class ClaimFacetsDto {
  @ApiProperty({
    type: [ClaimFacetValueDto],
    description:
      'Every status, in the lifecycle’s order, with the partner’s claims in it (0 too) that pass the other filters (all but status).',
  })
  statuses!: ClaimFacetValueDto[];

  @ApiProperty({
    type: [ClaimFacetValueDto],
    description:
      'Every type (lost, damaged, shortage, other) with the partner’s claims of it that pass the other filters (all but type).',
  })
  types!: ClaimFacetValueDto[];
}

/** The body of `POST …/claims` (docs/api.md, Claim). */
@ApiSchema({ name: 'CreateClaim' })
export class CreateClaimDto {
  @ApiProperty({ enum: CLAIM_TYPES, enumName: 'ClaimType' })
  @IsIn(CLAIM_TYPES)
  type!: ClaimType;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'The partner’s item; required unless the type is other, taken from the movement when omitted.',
  })
  @IsOptional()
  @IsUUID('all')
  itemId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'The movement it claims for, of the item: lost ⇐ a loss, damaged ⇐ a damage, shortage ⇐ a receipt. One claim per movement unless withdrawn.',
  })
  @IsOptional()
  @IsUUID('all')
  movementId?: string | null;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_CLAIM_QUANTITY,
    description: 'Units, 1..100,000; at most the movement’s |quantity| when filed from one.',
  })
  @IsInt()
  @Min(1)
  @Max(MAX_CLAIM_QUANTITY)
  quantity!: number;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-11-02',
    description:
      'YYYY-MM-DD in the partner’s time zone: not in the future, at most 60 days before today. Required without a movement; a claim filed from a movement takes the movement’s day, whatever is sent.',
  })
  @ValidateIf(
    (claim: CreateClaimDto) =>
      claim.incidentDate !== undefined ||
      claim.movementId === undefined ||
      claim.movementId === null,
  )
  @IsCalendarDate()
  incidentDate?: string;

  @ApiProperty({ minLength: CLAIM_DESCRIPTION_MIN, maxLength: CLAIM_DESCRIPTION_MAX })
  @IsString()
  @MinLength(CLAIM_DESCRIPTION_MIN)
  @MaxLength(CLAIM_DESCRIPTION_MAX)
  @IsNotBlank()
  description!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_CLAIM_REFERENCE_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CLAIM_REFERENCE_LENGTH)
  reference?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_CLAIM_UNIT_VALUE,
    nullable: true,
    description:
      'Minor units of the partner’s currency, 1 to 100,000.00 of it: only and required for a claim of type other without an item (otherwise the item’s unit value is copied). quantity × unitValue at most 1,000,000.00.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CLAIM_UNIT_VALUE)
  unitValue?: number | null;
}

/** The body of `PATCH …/claims/{id}`: the creation's fields, each optional (a draft only). */
@ApiSchema({ name: 'UpdateClaim' })
export class UpdateClaimDto extends PartialType(CreateClaimDto) {}

/** The body of `POST …/claims/{id}/transitions` (docs/api.md). */
@ApiSchema({ name: 'ClaimTransition' })
export class ClaimTransitionDto {
  @ApiProperty({ enum: CLAIM_ACTIONS, enumName: 'ClaimAction' })
  @IsIn(CLAIM_ACTIONS)
  action!: ClaimAction;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_MESSAGE_LENGTH,
    description:
      'Required by request_info, respond and reject (the reason); optional otherwise. Written to the timeline.',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_MESSAGE_LENGTH)
  @IsNotBlank()
  message?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Required by approve: minor units, 1..amountClaimed.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amountApproved?: number;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_PAYOUT_REFERENCE_LENGTH,
    description: 'Required by mark_paid.',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_PAYOUT_REFERENCE_LENGTH)
  @IsNotBlank()
  payoutReference?: string;
}

/**
 * The body of `POST …/claims/{id}/events`: a comment, as `body` (the event's field) or `message` (a
 * transition's): one of them.
 */
@ApiSchema({ name: 'CreateClaimComment' })
export class CreateClaimCommentDto {
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_MESSAGE_LENGTH,
    description: 'The comment (or send it as `message`).',
  })
  @ValidateIf((comment: CreateClaimCommentDto) => comment.message === undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_MESSAGE_LENGTH)
  @IsNotBlank()
  body?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_MESSAGE_LENGTH,
    description: 'The comment, as a transition names its text; not with `body`.',
  })
  @ValidateIf((comment: CreateClaimCommentDto) => comment.message !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_MESSAGE_LENGTH)
  @IsNotBlank()
  @ValidateBy({
    name: 'notWithBody',
    validator: {
      validate: (_value: unknown, args) =>
        (args?.object as CreateClaimCommentDto | undefined)?.body === undefined,
      defaultMessage: () => 'Send the comment as body or as message, not both',
    },
  })
  message?: string;

  @ApiPropertyOptional({
    description:
      'Staff only (default false): an internal note (kind internal_note), never shown to the partner. `true` from anyone else is 403.',
  })
  @IsOptional()
  @IsBoolean()
  internal?: boolean;
}

/** The body of `PUT …/claims/{id}/assignee` (docs/api.md). */
@ApiSchema({ name: 'AssignClaim' })
export class AssignClaimDto {
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'An active staff user’s id, or null to unassign.',
  })
  @ValidateIf((body: AssignClaimDto) => body.userId !== null)
  @IsUUID('all')
  userId!: string | null;
}

/**
 * `?q&status&type&from&to&itemId` of the claims list and its CSV, on top of `?limit&sort&cursor`
 * (sorts: createdAt, number, incidentDate, amountClaimed, updatedAt; default -createdAt).
 */
export class ClaimListQueryDto extends ListQueryDto(CLAIM_LIST) {
  @ApiPropertyOptional({
    maxLength: MAX_CLAIM_SEARCH_LENGTH,
    description:
      'A claim number (`CLM-000123`, `000123`, `123`), or text in the SKU, name or barcode of the claim’s item. Trimmed.',
  })
  @IsOptional()
  @trimmed()
  @IsString()
  @MaxLength(MAX_CLAIM_SEARCH_LENGTH)
  q?: string;

  @ApiPropertyOptional({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus' })
  @IsOptional()
  @IsIn(CLAIM_STATUSES)
  status?: ClaimStatus;

  @ApiPropertyOptional({ enum: CLAIM_TYPES, enumName: 'ClaimType' })
  @IsOptional()
  @IsIn(CLAIM_TYPES)
  type?: ClaimType;

  @ApiPropertyOptional({
    format: 'date',
    description: 'Filed on or after this day (the partner’s time zone).',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    format: 'date',
    description: 'Filed on or before this day (the partner’s time zone).',
  })
  @IsOptional()
  @IsCalendarDate()
  to?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The claims of one item.' })
  @IsOptional()
  @IsUUID('all')
  itemId?: string;
}

/** The query of the CSV export: the list's filters and sort; no page (every row, in the list's order). */
export class ClaimExportQueryDto extends OmitType(ClaimListQueryDto, ['limit', 'cursor']) {}

/**
 * The facets' query: the list's filters (no page, no order). The statuses are counted under every
 * filter but `status`, the types under every filter but `type`.
 */
export class ClaimFacetsQueryDto extends OmitType(ClaimListQueryDto, ['limit', 'cursor', 'sort']) {}

/** `?limit&cursor` of a claim's timeline (oldest first). */
export class ClaimEventListQueryDto extends ListQueryDto(CLAIM_EVENT_LIST) {}
