import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';

import { AppRoot } from '@/app';
import { createQueryClient } from '@/app/providers';
import { createRoutes } from '@/app/router';

/**
 * Renders the real route table at `path`, inside the real providers and with the app's cache
 * settings (what a loader put in the cache stays fresh for the screen), as the app does; only
 * retries are off, so that a failing answer shows at once.
 */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(<AppRoot router={router} queryClient={queryClient} />);
  return { router, queryClient, ...view };
}
