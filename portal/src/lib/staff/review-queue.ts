import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData, ApiQuery } from '@/lib/api-paths';
import { claimTypes } from '@/lib/claim-labels';
import { readListParams, type ListQuery, type ListStateOptions } from '@/lib/list-state';
import { queryKeys } from '@/lib/query-keys';

/**
 * The staff's review queue (docs/product.md §3a): GET /api/staff/claims, one more list of the shared
 * list machinery (lib/list-state.ts, lib/list-view.tsx). Here in lib/ because two features read it:
 * the queue's screen, and the claim page's "Next in queue" and "Back to queue".
 */
export type StaffQueuePage = ApiData<'/api/staff/claims', 'get'>;
export type StaffQueueClaim = StaffQueuePage['items'][number];

type StaffQueueParams = ApiQuery<'/api/staff/claims', 'get'>;

/** The fields the API sorts the queue by (docs/api.md); oldest waiting first by default. */
export const queueSortFields = ['waitingSince', 'amountClaimed', 'submittedAt'] as const;
export type QueueSortField = (typeof queueSortFields)[number];

/** The statuses of a claim waiting for the network; none in the URL is both. */
export const waitingStatuses = ['submitted', 'in_review'] as const;

/**
 * The queue's filters under the API's names. The partner is a slug and the amounts are figures the
 * server checks; the assignee is "me" or "none" (no filter: anyone).
 */
export const queueFilters = {
  status: waitingStatuses,
  partner: 'any',
  type: claimTypes,
  assignee: ['me', 'none'],
  minAmount: 'any',
  maxAmount: 'any',
  overdue: ['true'],
} as const;
export type QueueFilterKey = keyof typeof queueFilters;

export type QueueQuery = ListQuery<QueueSortField, QueueFilterKey>;

/** The queue's list state in the URL: oldest waiting first unless it says otherwise. */
export const queueList: ListStateOptions<QueueSortField, QueueFilterKey> = {
  sortFields: queueSortFields,
  defaultSort: { field: 'waitingSince', direction: 'asc' },
  filters: queueFilters,
  search: true,
};

/**
 * An amount of the URL (`?minAmount=1000`, in major units as a person types it) in the API's minor
 * units; undefined for anything that is not an amount.
 */
export const amountParam = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^\d+(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
};

/** The API's query for a list state (which only holds a status, type or assignee of the sets above). */
export const queueListParams = (query: QueueQuery): StaffQueueParams => ({
  q: query.q,
  status: query.status,
  partner: query.partner,
  type: query.type as StaffQueueParams['type'],
  assignee: query.assignee,
  minAmount: amountParam(query.minAmount),
  maxAmount: amountParam(query.maxAmount),
  overdue: query.overdue === 'true' ? 'true' : undefined,
  sort: query.sort,
  cursor: query.cursor,
});

export async function fetchStaffQueue(
  query: QueueQuery,
  signal?: AbortSignal,
  limit?: number,
): Promise<StaffQueuePage> {
  const { data } = await apiClient.GET('/api/staff/claims', {
    params: { query: { ...queueListParams(query), limit } },
    signal,
  });
  return data as StaffQueuePage;
}

export const staffQueueQueryOptions = (query: QueueQuery) =>
  queryOptions({
    queryKey: queryKeys.staff.queue(query),
    queryFn: ({ signal }) => fetchStaffQueue(query, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useStaffQueue(query: QueueQuery) {
  return useQuery(staffQueueQueryOptions(query));
}

/**
 * GET /api/staff/claims.csv with the queue's filters and sort (no cursor: the export is the whole
 * filtered queue). A plain link: the cookie authenticates it.
 */
export function staffQueueCsvUrl(query: QueueQuery): string {
  const { cursor: _cursor, ...params } = queueListParams(query);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `/api/staff/claims.csv?${encoded}` : '/api/staff/claims.csv';
}

/** How many claims "Next in queue" reads at once to find the one after the claim on screen. */
const NEXT_WINDOW = 100;

/**
 * The claim after `claimId` in the queue the person came from, under its filters and sort (the
 * queue's search params, `queueSearch`), from the first page on: the claim on screen may have left
 * the queue (decided, or waiting for the partner), then the next is the first that is still there.
 * Null when the queue holds nothing else.
 */
export const nextInQueueQueryOptions = (queueSearch: string, claimId: string) =>
  queryOptions({
    queryKey: queryKeys.staff.next(queueSearch, claimId),
    queryFn: async ({ signal }): Promise<StaffQueueClaim | null> => {
      const { query } = readListParams(new URLSearchParams(queueSearch), queueList);
      const { cursor: _cursor, ...firstPage } = query;
      let page = await fetchStaffQueue(firstPage, signal, NEXT_WINDOW);
      const at = page.items.findIndex(({ id }) => id === claimId);
      if (at === -1) return page.items[0] ?? null;
      if (at < page.items.length - 1) return page.items[at + 1] ?? null;
      if (page.nextCursor === null) return null;
      page = await fetchStaffQueue({ ...firstPage, cursor: page.nextCursor }, signal, 1);
      return page.items[0] ?? null;
    },
  });
