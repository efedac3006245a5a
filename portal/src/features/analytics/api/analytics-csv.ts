import type { AnalyticsParams, SeriesKey } from './get-analytics';

/**
 * GET /api/partners/{slug}/analytics.csv of one series (or the top items) over the period on
 * screen: a plain link, which the cookie authenticates and the browser downloads itself.
 */
export function analyticsCsvUrl(
  partnerSlug: string,
  params: AnalyticsParams,
  series: SeriesKey | 'top_items',
): string {
  const search = new URLSearchParams({
    from: params.from,
    to: params.to,
    granularity: params.granularity,
    series,
  });
  return `/api/partners/${encodeURIComponent(partnerSlug)}/analytics.csv?${search.toString()}`;
}
