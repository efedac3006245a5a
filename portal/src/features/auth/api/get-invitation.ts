import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

/** Who was invited, to which partner: GET /api/auth/invitations/{token}; 404 when invalid or used. */
export type Invitation = ApiData<'/api/auth/invitations/{token}', 'get'>;

export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const { data } = await apiClient.GET('/api/auth/invitations/{token}', {
    params: { path: { token } },
    signal,
  });
  return data as Invitation;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
