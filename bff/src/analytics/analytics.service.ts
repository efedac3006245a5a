import { Injectable, type StreamableFile } from '@nestjs/common';
import { CLAIM_TYPES, type ClaimType } from '../claims/claim-lifecycle.js';
import { partnerToday } from '../claims/claims.service.js';
import { Clock } from '../common/clock.js';
import { type CsvColumn, csvFile } from '../common/list/index.js';
import { majorUnits } from '../common/money.js';
import { ProblemException } from '../common/problem-details.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import { addDays, bucketsOf, yearsBefore } from './analytics.buckets.js';
import {
  type AnalyticsDays,
  type AnalyticsRange,
  AnalyticsRepository,
  type AnalyticsRows,
} from './analytics.repository.js';
import {
  type CsvSeries,
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_YEARS,
  SERIES,
  type SeriesKey,
} from './analytics.series.js';
import type {
  AnalyticsCsvQueryDto,
  AnalyticsDaysQueryDto,
  AnalyticsDto,
  AnalyticsQueryDto,
  AnalyticsSeriesDto,
  AnalyticsTopItemsDto,
} from './dto/analytics.dto.js';

function invalid(field: string, message: string): ProblemException {
  return new ProblemException(400, 'validation', 'The request is invalid.', [{ field, message }]);
}

/**
 * The days of a query, defaults filled in (to = the partner's today, from = to − 89 days), or 400:
 * from after to, or from before the same calendar date two years before to. The analytics and their
 * top items share them.
 */
export function daysOf(
  query: AnalyticsDaysQueryDto,
  today: string,
  timeZone: string,
): AnalyticsDays {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw invalid('from', `from must not be after to (${to})`);
  const earliest = yearsBefore(to, MAX_RANGE_YEARS);
  if (from < earliest) {
    throw invalid('from', `The range is at most two years: from must be on or after ${earliest}`);
  }
  return { from, to, timeZone };
}

/** The range of an analytics query: its days (or 400), bucketed by day unless it says otherwise. */
export function rangeOf(query: AnalyticsQueryDto, today: string, timeZone: string): AnalyticsRange {
  return { ...daysOf(query, today, timeZone), granularity: query.granularity ?? 'day' };
}

/** Every series of a range from the rollup rows (docs/api.md, Analytics). */
export function seriesOf(range: AnalyticsRange, rows: AnalyticsRows): AnalyticsSeriesDto[] {
  const buckets = bucketsOf(range.from, range.to, range.granularity);
  const index = new Map(buckets.map((bucket, position) => [bucket.bucket, position]));
  const zeros = () => buckets.map(() => 0);
  const values: Record<SeriesKey, Array<number | null>> = {
    claims_filed_lost: zeros(),
    claims_filed_damaged: zeros(),
    claims_filed_shortage: zeros(),
    claims_filed_other: zeros(),
    amount_claimed: zeros(),
    amount_approved: zeros(),
    amount_paid: zeros(),
    approval_rate: zeros(),
    median_days_to_decision: zeros(),
    units_on_hand: zeros(),
    value_on_hand: zeros(),
    units_lost: zeros(),
    units_damaged: zeros(),
    value_lost: zeros(),
    value_damaged: zeros(),
  };
  const add = (key: SeriesKey, position: number, amount: number) => {
    values[key][position] = (values[key][position] ?? 0) + amount;
  };
  const positionOf = (bucket: string): number => {
    const position = index.get(bucket);
    if (position === undefined) throw new Error(`bucket ${bucket} outside the range`);
    return position;
  };

  const approved = zeros();
  const rejected = zeros();
  const filedKey: Record<ClaimType, SeriesKey> = {
    lost: 'claims_filed_lost',
    damaged: 'claims_filed_damaged',
    shortage: 'claims_filed_shortage',
    other: 'claims_filed_other',
  };
  for (const row of rows.claims) {
    const position = positionOf(row.bucket);
    for (const type of CLAIM_TYPES) add(filedKey[type], position, row.filedCount[type]);
    add('amount_claimed', position, row.filedAmount);
    add('amount_approved', position, row.approvedAmount);
    add('amount_paid', position, row.paidAmount);
    approved[position] = (approved[position] ?? 0) + row.approvedCount;
    rejected[position] = (rejected[position] ?? 0) + row.rejectedCount;
  }
  values.approval_rate = buckets.map((_bucket, position) => {
    const yes = approved[position] ?? 0;
    const decided = yes + (rejected[position] ?? 0);
    return decided === 0 ? null : yes / decided;
  });
  values.median_days_to_decision = buckets.map(() => null);
  for (const row of rows.decisions)
    values.median_days_to_decision[positionOf(row.bucket)] = row.median;

  // Stock at the end of a bucket's last day: today's stock less every movement after that day.
  let units = rows.stock.units;
  let value = rows.stock.value;
  const unitsDelta = zeros();
  const valueDelta = zeros();
  for (const row of rows.inventory) {
    if (row.bucket === null) {
      units -= row.unitsDelta;
      value -= row.valueDelta;
      continue;
    }
    const position = positionOf(row.bucket);
    unitsDelta[position] = row.unitsDelta;
    valueDelta[position] = row.valueDelta;
    add('units_lost', position, row.lostUnits);
    add('units_damaged', position, row.damagedUnits);
    add('value_lost', position, row.lostValue);
    add('value_damaged', position, row.damagedValue);
  }
  for (let position = buckets.length - 1; position >= 0; position -= 1) {
    values.units_on_hand[position] = units;
    values.value_on_hand[position] = value;
    units -= unitsDelta[position] ?? 0;
    value -= valueDelta[position] ?? 0;
  }

  return SERIES.map(({ key, label, unit }) => ({
    key,
    label,
    unit,
    points: buckets.map((bucket, position) => ({
      bucket: bucket.bucket,
      value: values[key][position] ?? null,
    })),
  }));
}

type CsvRow = Record<string, string | number | null>;

/** The CSV's columns for a series or the top items (docs/api.md, Analytics CSV). */
function csvColumns(series: CsvSeries, money: boolean, currency: string): CsvColumn<CsvRow>[] {
  const column = (header: string): CsvColumn<CsvRow> => ({
    header,
    value: (row) => row[header],
  });
  const amount: CsvColumn<CsvRow> = {
    header: 'amount',
    value: (row) => (typeof row.amount === 'number' ? majorUnits(row.amount, currency) : null),
  };
  const currencyColumn: CsvColumn<CsvRow> = { header: 'currency', value: () => currency };
  if (series === 'top_items') {
    return [column('sku'), column('name'), column('claims'), amount, currencyColumn];
  }
  return money ? [column('bucket'), amount, currencyColumn] : [column('bucket'), column('value')];
}

/**
 * A partner's analytics (from the rollups), its top items (from the claims submitted in the range) and
 * their CSV (docs/api.md, Analytics).
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly clock: Clock,
  ) {}

  private today(context: PartnerContext): string {
    return partnerToday(this.clock.now(), context.partner.timeZone);
  }

  async analytics(context: PartnerContext, query: AnalyticsQueryDto): Promise<AnalyticsDto> {
    const { partner } = context;
    const range = rangeOf(query, this.today(context), partner.timeZone);
    const rows = await this.repository.read(partner.id, range);
    return {
      from: range.from,
      to: range.to,
      granularity: range.granularity,
      timeZone: partner.timeZone,
      currency: partner.currency,
      series: seriesOf(range, rows),
    };
  }

  async topItems(
    context: PartnerContext,
    query: AnalyticsDaysQueryDto,
  ): Promise<AnalyticsTopItemsDto> {
    const { partner } = context;
    const days = daysOf(query, this.today(context), partner.timeZone);
    const rows = await this.repository.topItems(partner.id, days);
    return {
      from: days.from,
      to: days.to,
      timeZone: partner.timeZone,
      items: rows.map((row) => ({
        item: { id: row.id, sku: row.sku, name: row.name },
        claims: row.claims,
        amountClaimed: { amount: row.amountClaimed, currency: partner.currency },
      })),
    };
  }

  /**
   * One series as CSV, from the analytics of the query; or the top items (`top_items`), from their own
   * query over the same days (the granularity plays no part): neither reads what the other needs.
   */
  async exportCsv(context: PartnerContext, query: AnalyticsCsvQueryDto): Promise<StreamableFile> {
    const { series: key } = query;
    const { currency } = context.partner;
    if (key === 'top_items') {
      const top = await this.topItems(context, query);
      const rows = top.items.map((entry): CsvRow => ({
        sku: entry.item.sku,
        name: entry.item.name,
        claims: entry.claims,
        amount: entry.amountClaimed.amount,
      }));
      return csvFile(
        `analytics-${key}-${top.from}-${top.to}.csv`,
        rows,
        csvColumns(key, false, currency),
      );
    }
    const answer = await this.analytics(context, query);
    const series = answer.series.find((candidate) => candidate.key === key);
    if (series === undefined) throw invalid('series', `No series ${key}`);
    const money = series.unit === 'money';
    const rows = series.points.map((point): CsvRow =>
      money
        ? { bucket: point.bucket, amount: point.value }
        : { bucket: point.bucket, value: point.value },
    );
    return csvFile(
      `analytics-${key}-${answer.from}-${answer.to}.csv`,
      rows,
      csvColumns(key, money, currency),
    );
  }
}
