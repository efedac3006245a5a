import { Link } from '@partner-portal/ui-kit';
import {
  BarChart,
  ChartCard,
  ChartTable,
  LineChart,
  type ChartDatum,
  type ChartSeries,
} from '@partner-portal/ui-kit/charts';

import type { Analytics, AnalyticsParams, AnalyticsSeries } from '../api/get-analytics';
import { analyticsCsvUrl } from '../api/analytics-csv';

import type { ChartDefinition } from './chart-definitions';
import { formatBucket, formatSeriesValue } from './formats';

import styles from './analytics.module.css';

/** One row per bucket, one property per series: what the chart draws and the table lists. */
export function chartRows(series: readonly AnalyticsSeries[]): ChartDatum[] {
  const rows = new Map<string, ChartDatum>();
  for (const { key, points } of series) {
    for (const { bucket, value } of points) {
      const row = rows.get(bucket) ?? { bucket };
      row[key] = value;
      rows.set(bucket, row);
    }
  }
  return [...rows.values()].sort((a, b) => String(a.bucket).localeCompare(String(b.bucket)));
}

const bucketWords = { day: 'Day', week: 'Week', month: 'Month' } as const;

export interface AnalyticsChartProps {
  partnerSlug: string;
  definition: ChartDefinition;
  analytics: Analytics;
  /** The period asked for (the CSV links repeat it). */
  params: AnalyticsParams;
}

/** One chart of the screen in its card: the chart, its table view and a CSV link per series. */
export function AnalyticsChart({
  partnerSlug,
  definition,
  analytics,
  params,
}: AnalyticsChartProps) {
  const series = definition.series.flatMap((key) =>
    analytics.series.filter((candidate) => candidate.key === key),
  );
  const unit = series[0]?.unit ?? 'count';
  const currency = analytics.currency;
  const data = chartRows(series);
  const chartSeries: ChartSeries[] = series.map(({ key, label }) => ({ key, label }));
  const granularity = analytics.granularity;
  const period = `${formatBucket(analytics.from, 'day', 'full')} to ${formatBucket(analytics.to, 'day', 'full')}`;
  const chartProps = {
    title: `${definition.title}, per ${granularity}, ${period}`,
    data,
    xKey: 'bucket',
    series: chartSeries,
    formatX: (value: string | number) => formatBucket(value, granularity, 'axis'),
    formatY: (value: number) => formatSeriesValue(value, unit, currency, 'axis'),
  };

  return (
    <ChartCard
      title={definition.title}
      headingLevel={2}
      description={`Per ${granularity} · ${period}`}
      actions={
        <span className={styles.csv}>
          <span aria-hidden="true">CSV:</span>
          {series.map(({ key, label }) => (
            <Link
              key={key}
              href={analyticsCsvUrl(partnerSlug, params, key)}
              download
              aria-label={`Download ${label} as CSV`}
            >
              {series.length === 1 ? 'Download' : label}
            </Link>
          ))}
        </span>
      }
      chart={
        definition.kind === 'bar' ? (
          <BarChart {...chartProps} stacked={definition.stacked} />
        ) : (
          <LineChart {...chartProps} />
        )
      }
      table={
        <ChartTable
          caption={`${definition.title}, per ${granularity}`}
          hideCaption
          data={data}
          xKey="bucket"
          xHeader={bucketWords[granularity]}
          series={chartSeries}
          formatX={(value) => formatBucket(value, granularity, 'full')}
          formatY={(value) => formatSeriesValue(value, unit, currency, 'full')}
        />
      }
    />
  );
}
