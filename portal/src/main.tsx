import '@partner-portal/ui-kit/styles.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppRoot } from './app';
import { createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { prepareFormats } from './lib/format';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The start in short tasks rather than one long one: evaluating the scripts, then the router (which
 * starts the first page's loaders and their requests), then React's first render, as a transition
 * that React renders in slices. The browser can paint and answer input between them, where one task
 * of all this would hold the page for a while on a slow phone (docs/performance.md, Lighthouse:
 * total blocking time). The formatters are made while the page waits for its data.
 */
setTimeout(() => {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  prepareFormats();
  setTimeout(() => {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppRoot router={router} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  });
});
