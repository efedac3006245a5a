import { render, screen } from '@testing-library/react';

import { renderRoute } from '@/testing/render-route';

import { AppErrorBoundary } from './app-error-boundary';

const mockChunkError = new Error('Failed to fetch dynamically imported module: claims.js');
const mockRenderError = new Error('analytics exploded');

jest.mock('@/features/claims/routes/claims', () => {
  throw mockChunkError;
});

jest.mock('@/features/analytics/routes/analytics', () => ({
  AnalyticsRoute: () => {
    throw mockRenderError;
  },
}));

const MESSAGE =
  'Application error: a client-side exception has occurred while loading portal.test:8080 (see the browser console for more information).';

function silenceConsoleError() {
  return jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('application error page', () => {
  it('is shown, word for word, when a route chunk fails to load', async () => {
    const consoleError = silenceConsoleError();

    renderRoute('/acme-outdoor/claims');

    const message = await screen.findByRole('heading', { level: 1 });
    expect(message).toHaveTextContent(MESSAGE);
    expect(consoleError).toHaveBeenCalledWith(mockChunkError);
    expect(document.title).toBe('Application error · Partner Portal');
  });

  it('is shown when a screen throws while rendering, without the stack', async () => {
    const consoleError = silenceConsoleError();

    renderRoute('/acme-outdoor/analytics');

    expect(await screen.findByRole('heading', { level: 1, name: MESSAGE })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(mockRenderError);
    expect(document.body).not.toHaveTextContent('analytics exploded');
    expect(document.body).not.toHaveTextContent(/at \S+ \(/);
  });

  it('is shown by the top-level boundary for errors outside the router', () => {
    const consoleError = silenceConsoleError();
    const providerError = new Error('provider failed');
    function BrokenProvider(): never {
      throw providerError;
    }

    render(
      <AppErrorBoundary>
        <BrokenProvider />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { level: 1, name: MESSAGE })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(providerError);
  });
});
