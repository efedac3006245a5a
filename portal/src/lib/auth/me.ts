import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../api-client';
import type { ApiData } from '../api-paths';

/** Who is signed in, and the partners they belong to: GET /api/me. */
export type Session = ApiData<'/api/me', 'get'>;
export type SessionUser = Session['user'];
export type Membership = Session['memberships'][number];

export const meQueryKey = ['me'] as const;

export async function fetchMe(signal?: AbortSignal): Promise<Session> {
  const { data } = await apiClient.GET('/api/me', { signal });
  return data as Session;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    // The session changes only by signing in or out, both of which write this cache.
    staleTime: 5 * 60_000,
  });

/** The signed-in session; only under a route whose loader ensured it (see requireSession). */
export function useMe() {
  return useQuery(meQueryOptions());
}
