import type { QueryClient } from '@tanstack/react-query';

import { onSessionExpired } from '@/lib/api-client';
import { meQueryKey, signInPathFor } from '@/lib/auth';

import type { AppRouter } from './router';

/**
 * When the API client reports that the session is over (a 401 the refresh token could not mend),
 * the person signs in again and comes back to where they were going. Everything cached for them
 * is dropped. Before any session was known there is nothing to end: the loaders, which asked for
 * it, send the person to sign in themselves.
 */
export function redirectToSignInWhenSessionEnds(
  router: AppRouter,
  queryClient: QueryClient,
): () => void {
  return onSessionExpired(() => {
    if (queryClient.getQueryData(meQueryKey) === undefined) return;
    queryClient.removeQueries({ queryKey: meQueryKey });
    const { pathname, search } = router.state.navigation.location ?? router.state.location;
    const signIn = signInPathFor(new URL(`${pathname}${search}`, window.location.origin));
    void router.navigate(signIn, { replace: true }).then(() => queryClient.clear());
  });
}
