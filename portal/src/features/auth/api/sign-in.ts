import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';
import { meQueryKey, type Session } from '@/lib/auth';

export type SignInInput = ApiBody<'/api/auth/signin', 'post'>;

/** POST /api/auth/signin: sets the session cookies and answers with the session. */
export async function signIn(input: SignInInput): Promise<Session> {
  const { data } = await apiClient.POST('/api/auth/signin', { body: input });
  return data as Session;
}

/** Signs in and starts a fresh cache for the person, seeded with their session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, session);
    },
  });
}
