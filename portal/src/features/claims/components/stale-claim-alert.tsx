import { Alert } from '@partner-portal/ui-kit';

import { ApiError } from '@/lib/api-client';

import { staleClaim } from '../api/claim-conflict';

import { ClaimStatusPill } from '@/lib/claim-status';

/**
 * A change refused because the claim moved on since it was read (412): the words the product
 * promises (docs/product.md §4), and the state it is in now; nothing typed is lost, and nothing is
 * sent again until the person says so.
 */
export function StaleClaimAlert({
  error,
  changes = [],
}: {
  error: unknown;
  /** What someone else changed, when the screen can tell ("Description", "Units"). */
  changes?: readonly string[];
}) {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const current = staleClaim(error);
  return (
    <Alert tone="warning" announce title="This claim changed since you opened it">
      {current === undefined ? (
        'The page now shows its current state. Check it, then try again: what you typed is kept.'
      ) : (
        <>
          It is now{' '}
          <ClaimStatusPill status={current.status} partiallyApproved={current.partiallyApproved} />{' '}
          (version {current.version}), shown on the page.
          {changes.length > 0 ? ` Changed meanwhile: ${changes.join(', ')}.` : ''} Check it, then
          try again: what you typed is kept.
        </>
      )}
    </Alert>
  );
}
