import { isUuid } from '#src/common/uuid.js';
import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { CLAIM_TYPES, type ClaimType } from '#src/claims/claim-lifecycle.js';
import { ClaimDto } from '#src/claims/dto/claims.dto.js';
import { ListQueryDto } from '#src/common/list/index.js';
import { PARTNER_STATUSES, type PartnerStatus } from '#src/partners/partner.entity.js';
import {
  MAX_STAFF_SEARCH_LENGTH,
  QUEUE_STATUSES,
  type QueueStatus,
  STAFF_CLAIM_LIST,
  STAFF_PARTNER_LIST,
} from '../staff.lists.js';

/** A text query parameter, trimmed; an empty one is no filter. */
const trimmed = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? undefined : text;
  });

/** The largest amount a filter takes: the largest amount a claim can have (int8, minor units). */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/**
 * `?status=submitted,in_review`: a comma-separated subset of the waiting statuses (each once, in any
 * order); anything else is a 400.
 */
function IsQueueStatusList(): PropertyDecorator {
  return ValidateBy({
    name: 'isQueueStatusList',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length > 0 &&
        new Set(value).size === value.length &&
        value.every((status) => (QUEUE_STATUSES as readonly unknown[]).includes(status)),
      defaultMessage: () =>
        `status must be a comma-separated subset of ${QUEUE_STATUSES.join(', ')}`,
    },
  });
}

/** The review queue's query (docs/api.md, `GET /api/staff/claims`). */
export class StaffClaimListQueryDto extends ListQueryDto(STAFF_CLAIM_LIST) {
  @ApiPropertyOptional({
    type: String,
    example: 'submitted,in_review',
    description:
      'Comma-separated: `submitted`, `in_review` or both (the default). Any other status is a 400.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').map((status) => status.trim()) : value,
  )
  @IsQueueStatusList()
  status?: QueueStatus[];

  @ApiPropertyOptional({
    example: 'acme-outdoor',
    description: 'The claims of one partner, by slug (an unknown slug matches nothing).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  partner?: string;

  @ApiPropertyOptional({ enum: CLAIM_TYPES, enumName: 'ClaimType' })
  @IsOptional()
  @IsIn(CLAIM_TYPES)
  type?: ClaimType;

  @ApiPropertyOptional({
    type: String,
    description:
      '`me` (assigned to the caller), `none` (unassigned), or a user id (assigned to that user).',
  })
  @IsOptional()
  @IsString()
  @ValidateBy({
    name: 'isAssigneeFilter',
    validator: {
      validate: (value: unknown) => value === 'me' || value === 'none' || isUuid(value),
      defaultMessage: () => 'assignee must be me, none or a user id',
    },
  })
  assignee?: string;

  @ApiPropertyOptional({
    maxLength: MAX_STAFF_SEARCH_LENGTH,
    description:
      'A claim number (`CLM-000123`, `123`), text of the claim’s item (SKU, name, barcode), or of the partner’s name. Trimmed.',
  })
  @IsOptional()
  @trimmed()
  @IsString()
  @MaxLength(MAX_STAFF_SEARCH_LENGTH)
  q?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description:
      'Amount claimed at least this, in minor units of the claim’s currency (as `Money.amount`).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  minAmount?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description:
      'Amount claimed at most this, in minor units of the claim’s currency (as `Money.amount`).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  maxAmount?: number;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description:
      '`true`: only claims waiting longer than the review target (`REVIEW_TARGET_DAYS`); `false`: only the others.',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  overdue?: 'true' | 'false';
}

/** The queue's CSV: the same filters and sort, no page. */
export class StaffClaimExportQueryDto extends OmitType(StaffClaimListQueryDto, [
  'limit',
  'cursor',
]) {}

@ApiSchema({ name: 'StaffPartnerRef' })
export class StaffPartnerRefDto {
  @ApiProperty({ example: 'acme-outdoor' })
  slug!: string;

  @ApiProperty({ example: 'Acme Outdoor' })
  name!: string;
}

/** A claim of the review queue: the claim as staff see it, its partner, and whether it is overdue. */
@ApiSchema({ name: 'StaffQueueClaim' })
export class StaffQueueClaimDto extends ClaimDto {
  @ApiProperty({ type: StaffPartnerRefDto })
  partner!: StaffPartnerRefDto;

  @ApiProperty({
    description:
      'Waiting longer than the review target (`REVIEW_TARGET_DAYS`, docs/product.md §5).',
  })
  overdue!: boolean;
}

/** What stands above the queue (docs/product.md §3a). */
@ApiSchema({ name: 'StaffSummary' })
export class StaffSummaryDto {
  @ApiProperty({ type: 'integer', description: 'Claims waiting for the network now.' })
  waiting!: number;

  @ApiProperty({ type: 'integer', description: 'Of those, waiting longer than the review target.' })
  overdue!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the claim waiting longest came to staff; null when none waits.',
  })
  oldestWaitingSince!: string | null;

  @ApiProperty({
    type: 'integer',
    description: 'Claims approved or rejected in the last 7 days (24-hour days up to now).',
  })
  decidedLast7Days!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'The median of submission to decision, in days (two decimals), of the claims decided in the last 30 days; null when none was.',
  })
  medianDaysToDecision30d!: number | null;
}

/** The partner directory's query (docs/api.md, `GET /api/staff/partners`). */
export class StaffPartnerListQueryDto extends ListQueryDto(STAFF_PARTNER_LIST) {
  @ApiPropertyOptional({
    maxLength: MAX_STAFF_SEARCH_LENGTH,
    description: 'Text of the partner’s name or slug. Trimmed.',
  })
  @IsOptional()
  @trimmed()
  @IsString()
  @MaxLength(MAX_STAFF_SEARCH_LENGTH)
  q?: string;
}

/** A partner in the staff directory. */
@ApiSchema({ name: 'StaffPartner' })
export class StaffPartnerDto {
  @ApiProperty({ example: 'acme-outdoor' })
  slug!: string;

  @ApiProperty({ example: 'Acme Outdoor' })
  name!: string;

  @ApiProperty({ enum: PARTNER_STATUSES })
  status!: PartnerStatus;

  @ApiProperty({
    type: 'integer',
    description: 'Open claims: submitted, in review, info requested, approved.',
  })
  openClaims!: number;

  @ApiProperty({ type: 'integer', description: 'Claims waiting for the network (the queue’s).' })
  waitingClaims!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When its claim waiting longest came to staff; null when none waits.',
  })
  oldestWaitingSince!: string | null;
}

/** A staff member whom a claim may be assigned to (docs/api.md, `GET /api/staff/users`). */
@ApiSchema({ name: 'StaffUser' })
export class StaffUserDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Rita Reviewer' })
  name!: string;

  @ApiProperty({ example: 'reviewer@portal.example' })
  email!: string;
}

/** The active staff users, by name. */
@ApiSchema({ name: 'StaffUserList' })
export class StaffUserListDto {
  @ApiProperty({ type: [StaffUserDto] })
  items!: StaffUserDto[];
}
