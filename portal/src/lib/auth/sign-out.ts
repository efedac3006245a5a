import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

import { ApiError, apiClient } from '../api-client';
import { CSRF_PROBLEM, isCsrfRefusal } from '../api-errors';
import { reloadPage } from '../reload-page';
import { useNotify } from '../toasts';

const SIGN_OUT_FAILED = 'We could not reach the server to sign you out. Try again in a moment.';

/**
 * POST /api/auth/signout: revokes the refresh session and clears the cookies. A 401 means the
 * session had already ended, which is what signing out wants.
 */
export async function signOut(): Promise<void> {
  try {
    await apiClient.POST('/api/auth/signout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** Signs out, forgets everything cached for this person, and shows the sign-in screen. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return useMutation({
    mutationFn: signOut,
    onError: (error) => {
      // A refused security check (403 csrf) says so and offers the reload that fixes it.
      const csrf = isCsrfRefusal(error);
      notify({
        tone: 'danger',
        title: 'You are still signed in',
        description: csrf ? CSRF_PROBLEM : SIGN_OUT_FAILED,
        action: csrf
          ? { label: 'Reload', altText: 'Reload the page to try again', onClick: reloadPage }
          : undefined,
      });
    },
    onSuccess: async () => {
      await navigate(paths.signIn(), { replace: true });
      queryClient.clear();
    },
  });
}
