import { RouterLinkProvider } from '@partner-portal/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { ApiError } from '@/lib/api-client';
import { RouterLink } from '@/lib/router-link';
import { ToastsProvider } from '@/lib/toasts';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network failures and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own, to start from an empty cache. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <RouterLinkProvider component={RouterLink}>
        <ToastsProvider>{children}</ToastsProvider>
      </RouterLinkProvider>
    </QueryClientProvider>
  );
}
