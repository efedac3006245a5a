import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

/**
 * Whether a reset link still works, without using it: GET /api/auth/password-resets/{token} answers
 * the e-mail of its account, or 400 `token_invalid` when it is unknown, used or expired.
 */
export type PasswordReset = ApiData<'/api/auth/password-resets/{token}', 'get'>;

export async function fetchPasswordReset(
  token: string,
  signal?: AbortSignal,
): Promise<PasswordReset> {
  const { data } = await apiClient.GET('/api/auth/password-resets/{token}', {
    params: { path: { token } },
    signal,
  });
  return data as PasswordReset;
}

export const passwordResetQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-resets', token],
    queryFn: ({ signal }) => fetchPasswordReset(token, signal),
  });

export function usePasswordReset(token: string) {
  return useQuery({ ...passwordResetQueryOptions(token), enabled: token !== '' });
}
