import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';

import { AppRoot } from '@/app';
import { createRoutes } from '@/app/router';

/** Renders the real route table at `path`, inside the real providers, as the app does. */
export function renderRoute(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(<AppRoot router={router} queryClient={queryClient} />);
  return { router, queryClient, ...view };
}
