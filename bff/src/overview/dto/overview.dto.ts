import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath, OmitType } from '@nestjs/swagger';
import {
  CLAIM_STATUSES,
  CLAIM_TYPES,
  type ClaimStatus,
  type ClaimType,
} from '#src/claims/claim-lifecycle.js';
import { ClaimItemDto } from '#src/claims/dto/claims.dto.js';
import { ListQueryDto } from '#src/common/list/index.js';
import { MoneyDto } from '#src/common/money.dto.js';
import {
  ACTIVITY_KINDS,
  ATTENTION_KINDS,
  type ActivityKind,
  type AttentionKind,
  KPI_KEYS,
  KPI_UNITS,
  type KpiKey,
  type KpiUnit,
  NEEDS_ATTENTION_LIST,
} from '../overview.lists.js';

/** A KPI's value: a count or units (an integer), or money. */
const kpiValue = () => [{ type: 'integer' }, { $ref: getSchemaPath(MoneyDto) }];

@ApiSchema({ name: 'OverviewKpi' })
@ApiExtraModels(MoneyDto)
export class OverviewKpiDto {
  @ApiProperty({ enum: KPI_KEYS, enumName: 'OverviewKpiKey' })
  key!: KpiKey;

  @ApiProperty({ example: 'Open claims' })
  label!: string;

  @ApiProperty({ enum: KPI_UNITS, enumName: 'OverviewKpiUnit' })
  unit!: KpiUnit;

  @ApiProperty({
    oneOf: kpiValue(),
    description: 'An integer (count, units), or Money (unit `money`).',
  })
  value!: number | MoneyDto;

  @ApiProperty({
    oneOf: kpiValue(),
    nullable: true,
    description:
      'The value of the previous period (30 days ago, or the 30 days before), to compare with; null where none is defined.',
  })
  previous!: number | MoneyDto | null;
}

@ApiSchema({ name: 'OverviewClaimRef' })
export class OverviewClaimRefDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'CLM-000123' })
  number!: string;

  @ApiProperty({ enum: CLAIM_TYPES, enumName: 'ClaimType' })
  type!: ClaimType;

  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus' })
  status!: ClaimStatus;
}

@ApiSchema({ name: 'AttentionMovement' })
export class AttentionMovementDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  itemId!: string;

  @ApiProperty({ enum: ['loss', 'damage'] })
  kind!: 'loss' | 'damage';

  @ApiProperty({ type: 'integer', example: -3, description: 'Signed: below 0.' })
  quantity!: number;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}

@ApiSchema({ name: 'AttentionItem' })
export class AttentionItemDto {
  @ApiProperty({ enum: ATTENTION_KINDS, enumName: 'AttentionKind' })
  kind!: AttentionKind;

  @ApiProperty({
    type: OverviewClaimRefDto,
    nullable: true,
    description: 'The claim (info_requested, draft); null for an unclaimed movement.',
  })
  claim!: OverviewClaimRefDto | null;

  @ApiProperty({
    type: AttentionMovementDto,
    nullable: true,
    description: 'The unclaimed loss or damage; null for a claim.',
  })
  movement!: AttentionMovementDto | null;

  @ApiProperty({
    type: ClaimItemDto,
    nullable: true,
    description: 'Null for a claim without item.',
  })
  item!: ClaimItemDto | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Days left to file: the deadline minus today in the partner’s time zone (0: the last day; below 0: a draft whose window closed). Null for info_requested.',
  })
  daysLeft!: number | null;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-12-01',
    description:
      'The last day of the filing window: the incident date (drafts) or the movement’s day (partner time zone) + 60. Null for info_requested.',
  })
  deadline!: string | null;
}

@ApiSchema({ name: 'OverviewNeedsAttention' })
export class OverviewNeedsAttentionDto {
  @ApiProperty({ type: [AttentionItemDto] })
  items!: AttentionItemDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The cursor of the following page of GET …/overview/needs-attention; null when this is all.',
  })
  nextCursor!: string | null;

  @ApiProperty({ type: 'integer', description: 'Every item of the list (exact).' })
  total!: number;
}

@ApiSchema({ name: 'ActivityClaim' })
export class ActivityClaimDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'CLM-000123' })
  number!: string;

  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus', description: 'Its status now.' })
  status!: ClaimStatus;
}

@ApiSchema({ name: 'ActivityEntry' })
export class ActivityEntryDto {
  @ApiProperty({ enum: ACTIVITY_KINDS, enumName: 'ActivityKind' })
  kind!: ActivityKind;

  @ApiProperty({
    format: 'date-time',
    description: 'When it happened here: a claim event’s time, a movement’s recording.',
  })
  at!: string;

  @ApiProperty({ example: 'Maria Manager submitted CLM-000123.' })
  summary!: string;

  @ApiProperty({
    enum: CLAIM_STATUSES,
    enumName: 'ClaimStatus',
    nullable: true,
    description:
      'The status this event moved the claim to (a creation or an edit: draft; a transition: its new status), not the claim’s status now (that is `claim.status`); null for comments, evidence and movements.',
  })
  status!: ClaimStatus | null;

  @ApiProperty({ type: ActivityClaimDto, nullable: true })
  claim!: ActivityClaimDto | null;

  @ApiProperty({ type: ClaimItemDto, nullable: true })
  item!: ClaimItemDto | null;
}

@ApiSchema({ name: 'Overview' })
export class OverviewDto {
  @ApiProperty({ format: 'date-time', description: 'When the figures were read (UTC).' })
  asOf!: string;

  @ApiProperty({ example: 'Europe/Berlin', description: 'The partner’s time zone: its days.' })
  timeZone!: string;

  @ApiProperty({ example: 'EUR', description: 'The partner’s currency.' })
  currency!: string;

  @ApiProperty({ type: [OverviewKpiDto], description: 'In the order of docs/api.md, Overview.' })
  kpis!: OverviewKpiDto[];

  @ApiProperty({
    type: OverviewNeedsAttentionDto,
    description: 'The first page of GET …/overview/needs-attention.',
  })
  needsAttention!: OverviewNeedsAttentionDto;

  @ApiProperty({ type: [ActivityEntryDto], description: 'The latest 20, newest first.' })
  recentActivity!: ActivityEntryDto[];
}

/** `?limit&cursor` of the needs-attention list: one order (info requested, then by deadline). */
export class NeedsAttentionQueryDto extends OmitType(ListQueryDto(NEEDS_ATTENTION_LIST), [
  'sort',
]) {}
