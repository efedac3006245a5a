import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/partners/{slug}/invitations (admin): one page of the pending invitations, newest first
 * (docs/api.md, "Invitations an admin controls").
 */
export type InvitationPage = ApiData<'/api/partners/{partnerSlug}/invitations', 'get'>;
export type PendingInvitation = InvitationPage['items'][number];

export async function fetchInvitations(
  partnerSlug: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<InvitationPage> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/invitations', {
    params: { path: { partnerSlug }, query: { sort: '-createdAt', cursor } },
    signal,
  });
  return data as InvitationPage;
}

export const invitationsQueryOptions = (partnerSlug: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.invitations(partnerSlug), cursor ?? null],
    queryFn: ({ signal }) => fetchInvitations(partnerSlug, cursor, signal),
    placeholderData: keepPreviousData,
  });

/** The pending invitations; only asked for an admin (`enabled`), the only role the API answers. */
export function useInvitations(partnerSlug: string, cursor: string | undefined, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(partnerSlug, cursor), enabled });
}
