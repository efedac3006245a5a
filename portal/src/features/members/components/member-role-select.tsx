import { ConfirmDialog, Select } from '@partner-portal/ui-kit';
import { useState } from 'react';

import { describeApiError } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { roleLabels, type PartnerRole } from '@/lib/auth';

import { useChangeMemberRole } from '../api/change-member-role';
import type { Member } from '../api/get-members';

import { isPartnerRole, memberChangeMessages, roleOptions } from './member-messages';

export interface MemberRoleSelectProps {
  partnerSlug: string;
  member: Member;
  /** The row of the signed-in admin: any change is a demotion, confirmed first. */
  self: boolean;
}

/**
 * An admin's control of a member's role: the change is sent as soon as it is picked; a refusal
 * (the last admin) is said under the control, which shows the role the server holds.
 */
export function MemberRoleSelect({ partnerSlug, member, self }: MemberRoleSelectProps) {
  const change = useChangeMemberRole(partnerSlug);
  const [confirming, setConfirming] = useState<PartnerRole | null>(null);
  const problem = describeApiError(change.error, memberChangeMessages);
  const value = change.isPending ? change.variables.role : member.role;

  const send = (role: PartnerRole) => change.mutateAsync({ userId: member.userId, role, self });

  return (
    <>
      <Select
        label={`Role of ${member.name}`}
        hideLabel
        size="sm"
        options={roleOptions}
        value={value}
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
        error={confirming === null ? problem?.message : undefined}
        onChange={(event) => {
          const role = event.target.value;
          if (!isPartnerRole(role) || role === member.role) return;
          change.reset();
          if (self) setConfirming(role);
          else send(role).catch(() => undefined);
        }}
      />
      {confirming !== null ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title="Give up your admin role?"
          description={`You will be a ${roleLabels[confirming].toLowerCase()} of this partner: you will no longer invite people, change roles or remove members, and the invitations you sent stop working. Only another admin can make you an admin again.`}
          confirmLabel={`Become ${roleLabels[confirming].toLowerCase()}`}
          tone="danger"
          onConfirm={() => send(confirming).then(() => setConfirming(null))}
        >
          <ApiProblemAlert error={change.error} messages={memberChangeMessages} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
