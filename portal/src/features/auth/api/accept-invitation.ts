import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';
import { meQueryKey, type Session } from '@/lib/auth';

export type AcceptInvitationInput = ApiBody<'/api/auth/invitations/{token}/accept', 'post'>;

/** POST /api/auth/invitations/{token}/accept: creates the account, signs in, answers the session. */
export async function acceptInvitation({
  token,
  ...body
}: AcceptInvitationInput & { token: string }): Promise<Session> {
  const { data } = await apiClient.POST('/api/auth/invitations/{token}/accept', {
    params: { path: { token } },
    body,
  });
  return data as Session;
}

/** Accepts, then starts a fresh cache for the new member, seeded with their session. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, session);
    },
  });
}
