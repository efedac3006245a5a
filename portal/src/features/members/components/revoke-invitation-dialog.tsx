import { ConfirmDialog } from '@partner-portal/ui-kit';

import { ApiProblemAlert } from '@/lib/api-problem-alert';

import type { PendingInvitation } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

import { revokeMessages } from './member-messages';

export interface RevokeInvitationDialogProps {
  partnerSlug: string;
  invitation: PendingInvitation;
  onClose: () => void;
}

/** "Revoke the invitation?": its link stops working at once. */
export function RevokeInvitationDialog({
  partnerSlug,
  invitation,
  onClose,
}: RevokeInvitationDialogProps) {
  const revocation = useRevokeInvitation(partnerSlug);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Revoke the invitation of ${invitation.email}?`}
      description="Its link stops working at once. You can invite them again later."
      confirmLabel="Revoke invitation"
      tone="danger"
      onConfirm={() => revocation.mutateAsync(invitation.id)}
    >
      <ApiProblemAlert error={revocation.error} messages={revokeMessages} />
    </ConfirmDialog>
  );
}
