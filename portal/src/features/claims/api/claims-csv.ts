import { claimListParams, type ClaimQuery } from './get-claims';

/**
 * GET /api/partners/{slug}/claims.csv with the list's filters and sort (no cursor: the export is
 * the whole filtered set, docs/api.md, CSV exports). A plain link: the cookie authenticates it,
 * and the browser downloads it itself, showing its progress.
 */
export function claimsCsvUrl(partnerSlug: string, query: ClaimQuery): string {
  const { cursor: _cursor, ...params } = claimListParams(query);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const encoded = search.toString();
  const path = `/api/partners/${encodeURIComponent(partnerSlug)}/claims.csv`;
  return encoded ? `${path}?${encoded}` : path;
}
