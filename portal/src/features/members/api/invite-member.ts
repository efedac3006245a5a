import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

export type InvitationRequest = ApiBody<'/api/partners/{partnerSlug}/invitations', 'post'>;
export type CreatedInvitation = ApiData<'/api/partners/{partnerSlug}/invitations', 'post'>;

/**
 * POST /api/partners/{slug}/invitations `{ email, role }` (admin): the BFF e-mails a link valid
 * 7 days. 409 `already_member` when that e-mail already belongs to a member.
 */
export async function inviteMember(
  partnerSlug: string,
  body: InvitationRequest,
): Promise<CreatedInvitation> {
  const { data } = await apiClient.POST('/api/partners/{partnerSlug}/invitations', {
    params: { path: { partnerSlug } },
    body,
  });
  return data as CreatedInvitation;
}

export function useInviteMember(partnerSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationRequest) => inviteMember(partnerSlug, body),
    // The dialog closes at once; the pending invitations catch up behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.invitations(partnerSlug) });
    },
  });
}
