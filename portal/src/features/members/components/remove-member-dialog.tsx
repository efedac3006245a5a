import { ConfirmDialog } from '@partner-portal/ui-kit';

import { ApiProblemAlert } from '@/lib/api-problem-alert';

import type { Member } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';

import { memberChangeMessages } from './member-messages';

export interface RemoveMemberDialogProps {
  partnerSlug: string;
  partnerName: string;
  member: Member;
  /** The signed-in admin removes themself: they leave the partner. */
  self: boolean;
  onClose: () => void;
  onRemoved: () => void;
}

/** "Remove Ada?": asked before a member goes; a refusal (the last admin) is said in the dialog. */
export function RemoveMemberDialog({
  partnerSlug,
  partnerName,
  member,
  self,
  onClose,
  onRemoved,
}: RemoveMemberDialogProps) {
  const removal = useRemoveMember(partnerSlug);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={self ? 'Leave this partner?' : `Remove ${member.name}?`}
      description={
        self
          ? `You will no longer see ${partnerName} or work for it. Only an admin can invite you again.`
          : `${member.name} (${member.email}) will no longer see ${partnerName} or work for it. Invitations they sent stop working. You can invite them again later.`
      }
      confirmLabel={self ? 'Leave partner' : 'Remove member'}
      tone="danger"
      onConfirm={() => removal.mutateAsync({ userId: member.userId, self }).then(onRemoved)}
    >
      <ApiProblemAlert error={removal.error} messages={memberChangeMessages} />
    </ConfirmDialog>
  );
}
