import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';

import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import { redirectToSignInWhenSessionEnds } from './session-expiry';

export interface AppRootProps {
  router: AppRouter;
  queryClient: QueryClient;
}

/** The app around a given router and cache (main.tsx; tests pass a memory router and a fresh cache). */
export function AppRoot({ router, queryClient }: AppRootProps) {
  useEffect(() => redirectToSignInWhenSessionEnds(router, queryClient), [router, queryClient]);
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
