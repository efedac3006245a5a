import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppErrorBoundary } from '@/app/app-error-boundary';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';

/** Renders the real route table at `path`, inside the real providers, as the app does. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>,
  );
  return { router, ...view };
}
