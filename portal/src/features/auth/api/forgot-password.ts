import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';

export type ForgotPasswordInput = ApiBody<'/api/auth/forgot-password', 'post'>;

/** POST /api/auth/forgot-password: 202 whether or not an account has that email. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await apiClient.POST('/api/auth/forgot-password', { body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
