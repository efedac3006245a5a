import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy, type ValidationOptions } from 'class-validator';
import { ClaimItemDto, isCalendarDate } from '#src/claims/dto/claims.dto.js';
import { MoneyDto } from '#src/common/money.dto.js';
import {
  CSV_SERIES,
  type CsvSeries,
  GRANULARITIES,
  type Granularity,
  SERIES_KEYS,
  SERIES_UNITS,
  type SeriesKey,
  type SeriesUnit,
} from '../analytics.series.js';

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

/** `?from&to` of the top items, and the days of the analytics (docs/api.md, Analytics). */
export class AnalyticsDaysQueryDto {
  @ApiPropertyOptional({
    format: 'date',
    description:
      'The first day, in the partner’s time zone; default `to` − 89 days. Not after `to`, and not before the same calendar date two years before `to`.',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    format: 'date',
    description:
      'The last day (inclusive), in the partner’s time zone; default today. A day after today is allowed: its flows are 0, its stock today’s.',
  })
  @IsOptional()
  @IsCalendarDate()
  to?: string;
}

/** `?from&to&granularity` of the analytics (docs/api.md, Analytics). */
export class AnalyticsQueryDto extends AnalyticsDaysQueryDto {
  @ApiPropertyOptional({
    enum: GRANULARITIES,
    enumName: 'AnalyticsGranularity',
    default: 'day',
    description:
      'Buckets of days, ISO weeks (from Monday) or calendar months, in the partner’s time zone.',
  })
  @IsOptional()
  @IsIn(GRANULARITIES)
  granularity?: Granularity;
}

/** The CSV export's query: the analytics' query plus the one series to write. */
export class AnalyticsCsvQueryDto extends AnalyticsQueryDto {
  @ApiProperty({
    enum: CSV_SERIES,
    enumName: 'AnalyticsCsvSeries',
    description:
      'A series’ key, or `top_items` (the top items of the range’s days, as `GET …/analytics/top-items` answers them; `granularity` plays no part).',
  })
  @IsIn(CSV_SERIES)
  series!: CsvSeries;
}

@ApiSchema({ name: 'AnalyticsPoint' })
export class AnalyticsPointDto {
  @ApiProperty({
    format: 'date',
    example: '2026-11-23',
    description:
      'The first day of the calendar bucket (a day; an ISO week’s Monday; a month’s 1st), even when the range begins inside it: a partial bucket counts only the days of the range.',
  })
  bucket!: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Counts and units as integers, money in minor units, a ratio of 0–1, days; null only for a ratio or a median of no decision.',
  })
  value!: number | null;
}

@ApiSchema({ name: 'AnalyticsSeries' })
export class AnalyticsSeriesDto {
  @ApiProperty({ enum: SERIES_KEYS, enumName: 'AnalyticsSeriesKey' })
  key!: SeriesKey;

  @ApiProperty({ example: 'Amount claimed' })
  label!: string;

  @ApiProperty({ enum: SERIES_UNITS, enumName: 'AnalyticsSeriesUnit' })
  unit!: SeriesUnit;

  @ApiProperty({
    type: [AnalyticsPointDto],
    description: 'One point per bucket of the range, in order, zeros included.',
  })
  points!: AnalyticsPointDto[];
}

@ApiSchema({ name: 'AnalyticsTopItem' })
export class AnalyticsTopItemDto {
  @ApiProperty({ type: ClaimItemDto })
  item!: ClaimItemDto;

  @ApiProperty({ type: 'integer', description: 'Claims of the item submitted in the range.' })
  claims!: number;

  @ApiProperty({ type: MoneyDto, description: 'Their amount claimed.' })
  amountClaimed!: MoneyDto;
}

@ApiSchema({ name: 'Analytics' })
export class AnalyticsDto {
  @ApiProperty({ format: 'date' })
  from!: string;

  @ApiProperty({ format: 'date' })
  to!: string;

  @ApiProperty({ enum: GRANULARITIES, enumName: 'AnalyticsGranularity' })
  granularity!: Granularity;

  @ApiProperty({ example: 'Europe/Berlin', description: 'The partner’s time zone: its days.' })
  timeZone!: string;

  @ApiProperty({ example: 'EUR', description: 'The currency of every money value.' })
  currency!: string;

  @ApiProperty({
    type: [AnalyticsSeriesDto],
    description:
      'claims_filed_{lost,damaged,shortage,other}, amount_claimed, amount_approved, amount_paid, approval_rate, median_days_to_decision, units_on_hand, value_on_hand, units_lost, units_damaged, value_lost, value_damaged: always all, in this order.',
  })
  series!: AnalyticsSeriesDto[];
}

@ApiSchema({ name: 'AnalyticsTopItems' })
export class AnalyticsTopItemsDto {
  @ApiProperty({ format: 'date' })
  from!: string;

  @ApiProperty({ format: 'date' })
  to!: string;

  @ApiProperty({ example: 'Europe/Berlin', description: 'The partner’s time zone: its days.' })
  timeZone!: string;

  @ApiProperty({
    type: [AnalyticsTopItemDto],
    description:
      'The 10 items with the most amount claimed by the claims submitted on the range’s days (any status since); ties by SKU. Claims without an item (type other) are no item’s.',
  })
  items!: AnalyticsTopItemDto[];
}
