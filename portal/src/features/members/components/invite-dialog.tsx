import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  Select,
  Stack,
  TextField,
} from '@partner-portal/ui-kit';
import { useState, type FormEvent } from 'react';

import { ApiError } from '@/lib/api-client';
import { apiFieldErrors, unplacedApiErrors } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { type PartnerRole } from '@/lib/auth';
import { emailProblem, useFieldProblems } from '@/lib/form-problems';
import { useNotify } from '@/lib/toasts';

import { useInviteMember } from '../api/invite-member';

import { inviteMessages, isPartnerRole, roleDescriptions, roleOptions } from './member-messages';

const INVITE_FIELDS = ['email', 'role'] as const;
const FORM_ID = 'invite-member';

export interface InviteDialogProps {
  partnerSlug: string;
  partnerName: string;
  onClose: () => void;
}

/**
 * "Invite someone": an e-mail and a role. The API's field problems land beside their fields (an
 * e-mail that already belongs to a member, on the e-mail); success closes it with a toast.
 */
export function InviteDialog({ partnerSlug, partnerName, onClose }: InviteDialogProps) {
  const invite = useInviteMember(partnerSlug);
  const notify = useNotify();
  const form = useFieldProblems(INVITE_FIELDS);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PartnerRole>('viewer');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const address = email.trim();
    const found =
      address === ''
        ? { email: 'Enter the email address of the person to invite.' }
        : { email: emailProblem(address) };
    if (!form.check(found)) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (created) => {
          notify({
            tone: 'success',
            title: 'Invitation sent',
            description: `We emailed an invitation to ${created.email}. Its link works for 7 days.`,
          });
          onClose();
        },
        onError: (error) => {
          const problems =
            error instanceof ApiError && error.status === 409 && error.code === 'already_member'
              ? { email: 'This person is already a member of this partner.' }
              : apiFieldErrors(error, INVITE_FIELDS);
          form.setProblems(problems);
          const first = INVITE_FIELDS.find((field) => problems[field] !== undefined);
          if (first !== undefined) form.focus(first);
        },
      },
    );
  };

  const unplaced = unplacedApiErrors(invite.error, INVITE_FIELDS);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !invite.isPending) onClose();
      }}
      title="Invite someone"
      description={`We email them a link to join ${partnerName}; it works for 7 days.`}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={invite.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={FORM_ID} loading={invite.isPending}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} aria-label="Invite someone">
        <Stack gap={4}>
          {unplaced !== undefined ? (
            <Alert tone="danger" announce>
              {unplaced}
            </Alert>
          ) : (
            <ApiProblemAlert error={invite.error} messages={inviteMessages} />
          )}
          <TextField
            ref={form.fieldRef('email')}
            label="Email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              form.clearProblem('email');
            }}
            error={form.problems.email}
          />
          <Select
            ref={form.fieldRef('role')}
            label="Role"
            options={roleOptions}
            value={role}
            onChange={(event) => {
              const picked = event.target.value;
              if (isPartnerRole(picked)) setRole(picked);
              form.clearProblem('role');
            }}
            hint={roleDescriptions[role]}
            error={form.problems.role}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
