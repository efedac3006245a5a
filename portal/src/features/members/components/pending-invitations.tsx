import {
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorState,
  Pagination,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import { useState } from 'react';

import { describeApiError } from '@/lib/api-errors';
import { roleLabels } from '@/lib/auth';
import { formatListTotal } from '@/lib/list-view';
import { PartnerDateTime } from '@/lib/partner-time';

import { useInvitations, type PendingInvitation } from '../api/get-invitations';

import styles from './members.module.css';
import { RevokeInvitationDialog } from './revoke-invitation-dialog';

const noun = { one: 'pending invitation', other: 'pending invitations' };

export interface PendingInvitationsProps {
  partnerSlug: string;
}

/**
 * The invitations not yet accepted (admins only): who, with which role, sent by whom, until when;
 * each may be revoked. Its pages are the screen's own (the URL holds the members list's state).
 */
export function PendingInvitations({ partnerSlug }: PendingInvitationsProps) {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const invitations = useInvitations(partnerSlug, cursor, true);
  const page = invitations.data;

  const columns: Array<DataTableColumn<PendingInvitation>> = [
    {
      id: 'email',
      header: 'Email',
      cell: (invitation) => invitation.email,
      rowHeader: true,
    },
    { id: 'role', header: 'Role', cell: (invitation) => roleLabels[invitation.role] },
    {
      id: 'invitedBy',
      header: 'Invited by',
      priority: 'secondary',
      cell: (invitation) =>
        invitation.invitedBy === null ? (
          <span className={styles.muted}>No longer a member</span>
        ) : (
          invitation.invitedBy.name
        ),
    },
    {
      id: 'expiresAt',
      header: 'Expires',
      priority: 'secondary',
      cell: (invitation) => (
        <span className={styles.nowrap}>
          <PartnerDateTime value={invitation.expiresAt} format="datetime" />
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      fullWidthWhenStacked: true,
      cell: (invitation) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Revoke the invitation of ${invitation.email}`}
          onClick={() => setRevoking(invitation)}
        >
          Revoke
        </Button>
      ),
    },
  ];

  const body =
    invitations.isError && page === undefined ? (
      <ErrorState
        headingLevel={3}
        title="We couldn't load the pending invitations"
        description={describeApiError(invitations.error)?.message}
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    ) : (
      <DataTable
        caption="Pending invitations"
        hideCaption
        columns={columns}
        rows={page?.items ?? []}
        getRowId={(invitation) => invitation.id}
        loading={invitations.isPending || (invitations.isPlaceholderData && invitations.isFetching)}
        skeletonRows={2}
        emptyState={
          <EmptyState
            headingLevel={3}
            title="No pending invitations"
            description="People you invite are listed here until they accept, or their link expires after 7 days."
          />
        }
        footer={
          page && (page.nextCursor !== null || page.prevCursor !== null) ? (
            <Pagination
              label="Pages of pending invitations"
              summary={formatListTotal(page, noun)}
              hasPrevious={page.prevCursor !== null}
              hasNext={page.nextCursor !== null}
              onPrevious={() => setCursor(page.prevCursor ?? undefined)}
              onNext={() => setCursor(page.nextCursor ?? undefined)}
              loading={invitations.isPlaceholderData && invitations.isFetching}
            />
          ) : undefined
        }
      />
    );

  return (
    <Card title="Pending invitations" headingLevel={2} padding="none">
      {body}
      {revoking !== null ? (
        <RevokeInvitationDialog
          partnerSlug={partnerSlug}
          invitation={revoking}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </Card>
  );
}
