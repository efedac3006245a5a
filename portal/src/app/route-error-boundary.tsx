import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

import { ApplicationErrorPage } from './error-page';
import { NotFoundPage } from './routes/not-found';

/**
 * The root route's error boundary: a 404 answer is a "not found" screen, anything else (a render
 * error, a lazy route chunk that failed to load, a loader that threw) the application error page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ApplicationErrorPage error={error} />;
}
