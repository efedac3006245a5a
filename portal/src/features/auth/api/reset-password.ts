import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';

export type ResetPasswordInput = ApiBody<'/api/auth/reset-password', 'post'>;

/** POST /api/auth/reset-password: 204, or 400 `token_invalid` / `validation`. Never signs in. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiClient.POST('/api/auth/reset-password', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
