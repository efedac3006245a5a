import {
  Alert,
  DateRangePicker,
  EmptyState,
  ErrorState,
  PageHeader,
  ProgressBar,
  RadioGroup,
  Skeleton,
  toCalendarDate,
} from '@partner-portal/ui-kit';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';

import { describeApiError } from '@/lib/api-errors';
import { useDocumentTitle } from '@/lib/document-title';
import { useSearchParamsChange } from '@/lib/list-state';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { useAnalytics, type Analytics, type AnalyticsParams } from '../api/get-analytics';
import { usePartner } from '@/lib/partner';
import { useTopItems } from '../api/get-top-items';
import { AnalyticsChart } from '../components/analytics-chart';
import {
  analyticsPresets,
  daysIn,
  granularities,
  MAX_DAYS,
  MAX_DAYS_BY_DAY,
  readAnalyticsView,
  type AnalyticsView,
} from '../components/analytics-params';
import { chartDefinitions } from '../components/chart-definitions';
import { formatBucket } from '../components/formats';
import { TopItems } from '../components/top-items';

import styles from '../components/analytics.module.css';

const granularityLabels = { day: 'Day', week: 'Week', month: 'Month' } as const;

/** What the screen says when it shows something other than the URL asked for. */
function adjustmentText(adjustment: AnalyticsView['adjusted'][number], to: string): string {
  switch (adjustment) {
    case 'clamped':
      return `The address asks for more than two years, the longest period shown: these are the two years to ${formatBucket(to, 'day', 'full')}.`;
    case 'invalid':
      return 'The period in the address is not a valid one: these are the last 90 days.';
    case 'by-week':
      return 'Shown by week: by day, a period longer than 12 months has more points than a chart can tell apart.';
  }
}

/**
 * Nothing happened in the period: every point zero or empty. No claim was filed in it then, so no
 * item was claimed either: the top items need not have arrived to tell.
 */
const isBlank = (analytics: Analytics): boolean =>
  analytics.series.every((series) =>
    series.points.every((point) => point.value === null || point.value === 0),
  );

/** The chart cards rendered with the series' arrival: the first screen's (a phone shows one or two). */
const FIRST_CARDS = 2;

/**
 * How many of the page's cards to render: FIRST_CARDS once the series are `ready`, then one more a
 * task, each a transition of its own. Rendered and committed together, the nine cards and the top
 * items made tasks of 52–163 ms on a phone (docs/performance.md, "Lighthouse"); one card at a time
 * keeps each task short, and the cards below the first screen are in place well before anyone
 * scrolls to them.
 */
function useCardsShown(total: number, ready: boolean): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (!ready || shown >= total) return undefined;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [ready, shown, total]);
  return shown;
}

/**
 * Trends over a period (docs/product.md §3): the period and granularity live in the URL
 * (`?from&to&granularity`, the API's names; default the last 90 days by week), each chart has a
 * table view and CSV downloads. The charts (Recharts) load with this route only. The series and
 * the top items are two requests sent together: the charts show as soon as the series arrive, the
 * top items' card has its own loading and error states (docs/decisions.md).
 */
export function AnalyticsRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Analytics', partnerSlug);
  const timeZone = usePartner(partnerSlug).data?.timeZone;
  const today = toCalendarDate(new Date(), timeZone);
  const [search, changeSearch] = useSearchParamsChange();
  const { params, adjusted } = readAnalyticsView(search, today);
  const dayOffered = daysIn(params.from, params.to) <= MAX_DAYS_BY_DAY;
  const analytics = useAnalytics(partnerSlug, params);
  const topItems = useTopItems(partnerSlug, { from: params.from, to: params.to });
  // The series render as a transition, which React renders in slices (a query's answer alone
  // renders at once, in one task).
  const data = useDeferredValue(analytics.data);
  const cardsShown = useCardsShown(chartDefinitions.length + 1, data !== undefined);

  // Each control writes only what it changes, onto the URL as last set (`useSearchParamsChange`).
  const apply = (changes: Partial<AnalyticsParams>) =>
    changeSearch((next) => {
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
    });

  let body;
  if (analytics.isError && data === undefined) {
    body = (
      <ErrorState
        title="We couldn't load the analytics"
        description={describeApiError(analytics.error)?.message}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  } else if (data === undefined) {
    body = (
      <div className={styles.charts} aria-busy="true">
        {chartDefinitions.map(({ id }) => (
          <Skeleton key={id} shape="rect" height="22rem" />
        ))}
      </div>
    );
  } else if (isBlank(data)) {
    body = (
      <EmptyState
        headingLevel={2}
        title="Nothing happened in this period"
        description="No claims were filed or decided and no stock was held. Choose a longer period, or come back once your stock has moved."
      />
    );
  } else {
    // The charts follow the answer's own period: while another loads, the shown one stays whole.
    const shown: AnalyticsParams = { from: data.from, to: data.to, granularity: data.granularity };
    body = (
      <>
        <div className={styles.charts} aria-busy={cardsShown < chartDefinitions.length}>
          {chartDefinitions.map((definition, index) =>
            index < cardsShown ? (
              <AnalyticsChart
                key={definition.id}
                partnerSlug={partnerSlug}
                definition={definition}
                analytics={data}
                params={shown}
              />
            ) : (
              <Skeleton key={definition.id} shape="rect" height="22rem" />
            ),
          )}
        </div>
        {cardsShown > chartDefinitions.length ? (
          <TopItems
            partnerSlug={partnerSlug}
            params={{ from: params.from, to: params.to }}
            topItems={topItems}
            currency={data.currency}
          />
        ) : (
          <Skeleton shape="rect" height="22rem" />
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Analytics"
        description={`Trends in your claims and stock over time, by your days (${timeZone ?? 'your time zone'}).`}
      />
      <div className={styles.controls}>
        <DateRangePicker
          label="Period"
          presets={analyticsPresets(today)}
          maxDays={MAX_DAYS}
          tooLongErrorText={() => 'Choose a period of at most two years.'}
          value={{ start: params.from, end: params.to }}
          onChange={({ start, end }) => apply({ from: start, to: end })}
        />
        <RadioGroup
          label="Granularity"
          orientation="horizontal"
          options={granularities.map((value) =>
            value === 'day' && !dayOffered
              ? {
                  value,
                  label: granularityLabels[value],
                  disabled: true,
                  description: 'Up to 12 months',
                }
              : { value, label: granularityLabels[value] },
          )}
          value={params.granularity}
          onValueChange={(value) => {
            const granularity = granularities.find((candidate) => candidate === value);
            if (granularity) apply({ granularity });
          }}
        />
      </div>
      {adjusted.length > 0 ? (
        <Alert tone="warning" title="Not quite the period asked for">
          {adjusted.map((adjustment) => adjustmentText(adjustment, params.to)).join(' ')}
        </Alert>
      ) : null}
      {analytics.isPlaceholderData && analytics.isFetching ? (
        <ProgressBar label="Loading the period" hideLabel />
      ) : null}
      {body}
    </div>
  );
}
