import type { AnalyticsParams, SeriesKey } from './get-analytics';
import type { TopItemsParams } from './get-top-items';

const csvUrl = (partnerSlug: string, query: Record<string, string>): string =>
  `/api/partners/${encodeURIComponent(partnerSlug)}/analytics.csv?${new URLSearchParams(query).toString()}`;

/**
 * GET /api/partners/{slug}/analytics.csv of one series over the period on screen: a plain link,
 * which the cookie authenticates and the browser downloads itself.
 */
export function analyticsCsvUrl(
  partnerSlug: string,
  params: AnalyticsParams,
  series: SeriesKey,
): string {
  return csvUrl(partnerSlug, {
    from: params.from,
    to: params.to,
    granularity: params.granularity,
    series,
  });
}

/** The same export of the top items (`series=top_items`): their period only, no granularity. */
export function topItemsCsvUrl(partnerSlug: string, params: TopItemsParams): string {
  return csvUrl(partnerSlug, { from: params.from, to: params.to, series: 'top_items' });
}
