import { Alert, Button } from '@partner-portal/ui-kit';

import { describeApiError, type ApiErrorMessages } from './api-errors';
import { reloadPage } from './reload-page';

export interface ApiProblemAlertProps {
  /** The failed request's error (a mutation's or a query's); nothing renders without one. */
  error: unknown;
  /** The screen's own words for some failures. */
  messages?: ApiErrorMessages;
}

/** A failed request, announced in words, with a reload button when only a fresh page can help. */
export function ApiProblemAlert({ error, messages }: ApiProblemAlertProps) {
  const problem = describeApiError(error, messages);
  if (problem === undefined) return null;
  return (
    <Alert
      tone="danger"
      announce
      actions={
        problem.action === 'reload' ? (
          <Button variant="secondary" size="sm" onClick={reloadPage}>
            Reload the page
          </Button>
        ) : undefined
      }
    >
      {problem.message}
    </Alert>
  );
}
