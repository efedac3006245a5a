import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';

import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter, type AppRouter } from './router';
import { redirectToSignInWhenSessionEnds } from './session-expiry';

export interface AppRootProps {
  router: AppRouter;
  queryClient: QueryClient;
}

/** The app around a given router and cache: tests pass a memory router and a fresh cache. */
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return <AppRoot router={router} queryClient={queryClient} />;
}
