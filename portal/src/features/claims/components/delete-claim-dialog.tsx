import { ConfirmDialog } from '@partner-portal/ui-kit';

import { ApiError } from '@/lib/api-client';
import { ApiProblemAlert } from '@/lib/api-problem-alert';

import { useDeleteClaim } from '../api/delete-claim';
import type { Claim } from '../api/get-claim';

import { transitionMessages } from './claim-action-dialog';
import { StaleClaimAlert } from './stale-claim-alert';

export interface DeleteClaimDialogProps {
  partnerSlug: string;
  claim: Claim;
  onClose: () => void;
  onDeleted: () => void;
}

/** "Delete this draft?": the draft and its evidence go, based on the version on screen. */
export function DeleteClaimDialog({
  partnerSlug,
  claim,
  onClose,
  onDeleted,
}: DeleteClaimDialogProps) {
  const deletion = useDeleteClaim(partnerSlug, claim.id);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete this draft?"
      description="The draft and its evidence files are removed. This cannot be undone."
      confirmLabel="Delete draft"
      tone="danger"
      onConfirm={() =>
        deletion
          .mutateAsync({ version: claim.version, itemId: claim.item?.id ?? null })
          .then(onDeleted)
      }
    >
      <StaleClaimAlert error={deletion.error} />
      {deletion.error instanceof ApiError && deletion.error.status === 412 ? null : (
        <ApiProblemAlert error={deletion.error} messages={transitionMessages} />
      )}
    </ConfirmDialog>
  );
}
