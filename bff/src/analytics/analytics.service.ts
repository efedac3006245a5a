import { Injectable, type StreamableFile } from '@nestjs/common';
import { CLAIM_TYPES, type ClaimType } from '../claims/claim-lifecycle.js';
import { addDays, partnerToday } from '../common/partner-day.js';
import { Clock } from '../common/clock.js';
import { type CsvColumn, csvFile } from '../common/list/index.js';
import { majorUnits } from '../common/money.js';
import { ProblemException } from '../common/problem-details.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import { AnalyticsAnswers } from './analytics-answers.js';
import { type Bucket, bucketsOf, yearsBefore } from './analytics.buckets.js';
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
  SERIES_KEYS,
  type SeriesKey,
} from './analytics.series.js';
import type {
  AnalyticsCsvQueryDto,
  AnalyticsDaysQueryDto,
  AnalyticsDto,
  AnalyticsPointDto,
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

/**
 * Every series of a range from the rollup rows (docs/api.md, Analytics). A 2-year daily answer is
 * 15 series × 731 points, built on every request: the values go into one array per series, the
 * rows are placed by their bucket's position, and each point is made once.
 */
export function seriesOf(range: AnalyticsRange, rows: AnalyticsRows): AnalyticsSeriesDto[] {
  const buckets = bucketsOf(range.from, range.to, range.granularity);
  const count = buckets.length;
  const index = new Map<string, number>();
  for (let position = 0; position < count; position += 1) {
    index.set((buckets[position] as Bucket).bucket, position);
  }
  const positionOf = (bucket: string): number => {
    const position = index.get(bucket);
    if (position === undefined) throw new Error(`bucket ${bucket} outside the range`);
    return position;
  };
  const zeros = (): number[] => new Array<number>(count).fill(0);
  const values = Object.fromEntries(SERIES_KEYS.map((key) => [key, zeros()])) as Record<
    SeriesKey,
    Array<number | null>
  >;
  const series = (key: SeriesKey): number[] => values[key] as number[];

  const approved = zeros();
  const rejected = zeros();
  const filed: Record<ClaimType, number[]> = {
    lost: series('claims_filed_lost'),
    damaged: series('claims_filed_damaged'),
    shortage: series('claims_filed_shortage'),
    other: series('claims_filed_other'),
  };
  const amountClaimed = series('amount_claimed');
  const amountApproved = series('amount_approved');
  const amountPaid = series('amount_paid');
  const medians: Array<number | null> = new Array<number | null>(count).fill(null);
  values.median_days_to_decision = medians;
  // Stock at the end of a bucket's last day: today's stock less every movement after that day.
  let units = rows.stock.units;
  let value = rows.stock.value;
  const unitsDelta = zeros();
  const valueDelta = zeros();
  const unitsLost = series('units_lost');
  const unitsDamaged = series('units_damaged');
  const valueLost = series('value_lost');
  const valueDamaged = series('value_damaged');
  for (const row of rows.buckets) {
    if (row.bucket === null) {
      units -= row.unitsDelta;
      value -= row.valueDelta;
      continue;
    }
    const position = positionOf(row.bucket);
    for (const type of CLAIM_TYPES) filed[type][position] = row.filedCount[type];
    amountClaimed[position] = row.filedAmount;
    amountApproved[position] = row.approvedAmount;
    amountPaid[position] = row.paidAmount;
    approved[position] = row.approvedCount;
    rejected[position] = row.rejectedCount;
    medians[position] = row.median;
    unitsDelta[position] = row.unitsDelta;
    valueDelta[position] = row.valueDelta;
    unitsLost[position] = row.lostUnits;
    unitsDamaged[position] = row.damagedUnits;
    valueLost[position] = row.lostValue;
    valueDamaged[position] = row.damagedValue;
  }
  const approvalRate: Array<number | null> = values.approval_rate;
  for (let position = 0; position < count; position += 1) {
    const yes = approved[position] as number;
    const decided = yes + (rejected[position] as number);
    approvalRate[position] = decided === 0 ? null : yes / decided;
  }
  const unitsOnHand = series('units_on_hand');
  const valueOnHand = series('value_on_hand');
  for (let position = count - 1; position >= 0; position -= 1) {
    unitsOnHand[position] = units;
    valueOnHand[position] = value;
    units -= unitsDelta[position] as number;
    value -= valueDelta[position] as number;
  }

  return SERIES.map(({ key, label, unit }) => {
    const of = values[key];
    const points = new Array<AnalyticsPointDto>(count);
    for (let position = 0; position < count; position += 1) {
      points[position] = {
        bucket: (buckets[position] as Bucket).bucket,
        value: of[position] ?? null,
      };
    }
    return { key, label, unit, points };
  });
}

/** The analytics answer of a range from its rollup rows. */
function answerOf(
  { partner }: PartnerContext,
  range: AnalyticsRange,
  rows: AnalyticsRows,
): AnalyticsDto {
  return {
    from: range.from,
    to: range.to,
    granularity: range.granularity,
    timeZone: partner.timeZone,
    currency: partner.currency,
    series: seriesOf(range, rows),
  };
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
    private readonly answers: AnalyticsAnswers,
    private readonly clock: Clock,
  ) {}

  private today(context: PartnerContext): string {
    return partnerToday(this.clock.now(), context.partner.timeZone);
  }

  async analytics(context: PartnerContext, query: AnalyticsQueryDto): Promise<AnalyticsDto> {
    const range = rangeOf(query, this.today(context), context.partner.timeZone);
    return answerOf(context, range, await this.repository.read(context.partner.id, range));
  }

  /**
   * The analytics answer as its JSON: the one kept for this partner, range and granularity when the
   * partner's rollups are still at the version it was built at (one statement), otherwise built from
   * the rollups (one statement, which reads their version too) and kept.
   */
  async analyticsJson(context: PartnerContext, query: AnalyticsQueryDto): Promise<string> {
    const { partner } = context;
    const range = rangeOf(query, this.today(context), partner.timeZone);
    const key = [
      partner.id,
      range.from,
      range.to,
      range.granularity,
      partner.timeZone,
      partner.currency,
    ].join(' ');
    const kept = this.answers.get(key);
    if (kept !== undefined && kept.version === (await this.repository.version(partner.id))) {
      return kept.json;
    }
    const rows = await this.repository.read(partner.id, range);
    const json = JSON.stringify(answerOf(context, range, rows));
    this.answers.keep(key, { version: rows.version, json });
    return json;
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
